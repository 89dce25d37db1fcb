import json,sys,collections
d=json.load(open(sys.argv[1]))
ev=d['traceEvents'] if isinstance(d,dict) else d
# find thread names
names={}
for e in ev:
    if e.get('ph')=='M' and e.get('name')=='thread_name': names[(e['pid'],e['tid'])]=e['args']['name']
mark=[e for e in ev if e.get('name')=='bench-scroll']
t0=min(e['ts'] for e in mark) if mark else 0
tot=collections.Counter(); cnt=collections.Counter()
for e in ev:
    if e.get('ph')!='X' or e.get('ts',0)<t0: continue
    th=names.get((e['pid'],e['tid']),'?')
    tot[(th,e['name'])]+=e.get('dur',0)/1000; cnt[(th,e['name'])]+=1
for k,v in tot.most_common(40): print(f"{v:9.1f} ms {cnt[k]:6d} {k[0][:25]:25s} {k[1]}")
