// Dictionary codes and the region tree, as dict/... answers them.

/** A dictionary entry as GET dict/codes answers it (building-blocks §3). */
export interface DictionaryEntry {
  type: string;
  codeId: string;
  codeCnDesc: string;
  codeEnDesc: string | null;
}

/** The region tree of back-office §3: province, then city, then county, nested in tcRegionList. */
export interface RegionNode {
  regionCode: string;
  regionName: string;
  tcRegionList: RegionNode[];
}
