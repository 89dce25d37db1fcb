// The data side of back-office §6: the organisation (data) type 10461003 is the manufacturer, any other the dealer.
export const MANUFACTURER_DATA_TYPE = '10461003';

export type DataSide = 'manufacturer' | 'dealer';

export function dataSideOf(dataType: string | null | undefined): DataSide {
  return dataType === MANUFACTURER_DATA_TYPE ? 'manufacturer' : 'dealer';
}
