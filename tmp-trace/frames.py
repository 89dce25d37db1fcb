import json,sys,collections
d=json.load(open(sys.argv[1]))
ev=d['traceEvents'] if isinstance(d,dict) else d
names={}
for e in ev:
    if e.get('ph')=='M' and e.get('name')=='thread_name': names[(e['pid'],e['tid'])]=e['args']['name']
mark=[e for e in ev if e.get('name')=='bench-scroll']
t0=min(e['ts'] for e in mark)
main=[e for e in ev if e.get('ph')=='X' and names.get((e['pid'],e['tid']))=='CrRendererMain' and e['ts']>=t0]
raf=sorted(e['ts'] for e in main if e['name']=='FireAnimationFrame')
# dedupe rafs within 1ms
fr=[]
for t in raf:
    if not fr or t-fr[-1]>2000: fr.append(t)
interesting={'FunctionCall','Paint','Layerize','UpdateLayoutTree','Layout','PrePaint','MinorGC','MajorGC','V8.GC_MC_INCREMENTAL','EventDispatch','TimerFire','FireAnimationFrame','V8.GC_MARK_COMPACTOR'}
late=0
for a,b in zip(fr,fr[1:]):
    if b-a>20000:
        late+=1
        c=collections.Counter()
        for e in main:
            if a<=e['ts']<b and e['name'] in interesting: c[e['name']]+=e['dur']/1000
        print(f"{(b-a)/1000:6.1f}ms", ' '.join(f"{k}={v:.1f}" for k,v in c.most_common(7)))
print('frames',len(fr),'late',late)
