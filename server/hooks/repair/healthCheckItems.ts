// The health check's list (domain.md §1): what a service advisor or technician looks at on every car, by area, with the
// advice given when an item is yellow or red. An electric car (华晟 E6) has its battery and insulation checked instead of
// engine oil, spark plugs and the exhaust.
export interface CheckItem {
  itemCode: string;
  itemName: string;
  /** Advice for a yellow and a red result. */
  advice: [string, string];
  /** Only for petrol cars, or only for electric ones. */
  only?: 'fuel' | 'ev';
}

export const CHECK_ITEMS: readonly CheckItem[] = [
  { itemCode: 'TY01', itemName: '左前轮胎纹深度', advice: ['胎纹接近磨损标记，建议3个月内更换', '胎纹低于1.6mm，须更换轮胎'] },
  { itemCode: 'TY02', itemName: '右前轮胎纹深度', advice: ['胎纹接近磨损标记，建议3个月内更换', '胎纹低于1.6mm，须更换轮胎'] },
  { itemCode: 'TY03', itemName: '左后轮胎纹深度', advice: ['胎纹接近磨损标记，建议3个月内更换', '胎纹低于1.6mm，须更换轮胎'] },
  { itemCode: 'TY04', itemName: '右后轮胎纹深度', advice: ['胎纹接近磨损标记，建议3个月内更换', '胎纹低于1.6mm，须更换轮胎'] },
  { itemCode: 'TY05', itemName: '轮胎气压', advice: ['胎压偏低，已调整，请留意', '轮胎慢漏气，建议补胎'] },
  { itemCode: 'TY06', itemName: '备胎与补胎工具', advice: ['补胎液即将过期', '备胎损坏，建议更换'] },
  { itemCode: 'BR01', itemName: '前刹车片厚度', advice: ['剩余约4mm，建议下次保养更换', '低于3mm，须更换前刹车片'] },
  { itemCode: 'BR02', itemName: '后刹车片厚度', advice: ['剩余约4mm，建议下次保养更换', '低于3mm，须更换后刹车片'] },
  { itemCode: 'BR03', itemName: '刹车盘', advice: ['刹车盘轻微磨损', '刹车盘磨损超限，建议更换'] },
  { itemCode: 'BR04', itemName: '制动液含水量', advice: ['含水量约2%，建议下次保养更换', '含水量超过3%，须更换制动液'] },
  { itemCode: 'BR05', itemName: '手刹/电子驻车', advice: ['驻车力偏小', '驻车失效，须检修'] },
  { itemCode: 'EL01', itemName: '蓄电池', advice: ['蓄电池电压偏低，建议检测', '蓄电池老化，建议更换'] },
  { itemCode: 'EL02', itemName: '前大灯', advice: ['灯光偏暗', '大灯不亮，须检修'] },
  { itemCode: 'EL03', itemName: '尾灯与刹车灯', advice: ['灯罩有裂纹', '刹车灯不亮，须更换灯泡'] },
  { itemCode: 'EL04', itemName: '转向灯', advice: ['闪烁频率异常', '转向灯不亮，须检修'] },
  { itemCode: 'EL05', itemName: '喇叭', advice: ['声音偏小', '喇叭不响，须检修'] },
  { itemCode: 'EL06', itemName: '雨刮片', advice: ['雨刮片刮水不净，建议更换', '雨刮片老化开裂，须更换'] },
  { itemCode: 'EL07', itemName: '空调制冷', advice: ['制冷效果偏弱，建议检查冷媒', '空调不制冷，须检修'] },
  { itemCode: 'EL08', itemName: '空调滤芯', advice: ['滤芯较脏，建议更换', '滤芯堵塞发霉，须更换'] },
  { itemCode: 'CH01', itemName: '底盘渗漏', advice: ['底盘轻微油渍，请留意', '底盘明显渗漏，须检修'] },
  { itemCode: 'CH02', itemName: '前减震器', advice: ['减震器轻微渗油', '减震器漏油失效，须更换'] },
  { itemCode: 'CH03', itemName: '转向拉杆球头', advice: ['防尘套老化', '球头松旷，须更换'] },
  { itemCode: 'CH04', itemName: '传动轴防尘套', advice: ['防尘套老化', '防尘套破裂漏油，须更换'] },
  { itemCode: 'CH05', itemName: '排气管', advice: ['排气管锈蚀', '排气管漏气，须检修'], only: 'fuel' },
  { itemCode: 'CH06', itemName: '四轮定位', advice: ['轮胎偏磨，建议做四轮定位', '跑偏明显，须做四轮定位'] },
  { itemCode: 'EN01', itemName: '发动机机油', advice: ['机油偏黑，建议提前保养', '机油低于下限，须补充或更换'], only: 'fuel' },
  { itemCode: 'EN02', itemName: '空气滤清器', advice: ['滤芯较脏，建议更换', '滤芯堵塞，须更换'], only: 'fuel' },
  { itemCode: 'EN03', itemName: '火花塞', advice: ['火花塞积碳', '火花塞烧蚀，须更换'], only: 'fuel' },
  { itemCode: 'EN04', itemName: '冷却液', advice: ['冷却液偏少，已补充', '冷却液冰点不足，须更换'] },
  { itemCode: 'EN05', itemName: '发动机皮带', advice: ['皮带有细小裂纹', '皮带老化开裂，须更换'], only: 'fuel' },
  { itemCode: 'EN06', itemName: '变速箱油', advice: ['油液颜色偏深', '油液变质，须更换'] },
  { itemCode: 'BD01', itemName: '车身漆面', advice: ['漆面有划痕，可做抛光', '漆面破损见底，建议钣喷'] },
  { itemCode: 'BD02', itemName: '前挡风玻璃', advice: ['玻璃有小砂眼', '玻璃裂纹，须更换'] },
  { itemCode: 'BD03', itemName: '车门铰链与门锁', advice: ['铰链异响，已润滑', '门锁失灵，须检修'] },
  { itemCode: 'EV01', itemName: '动力电池SOH', advice: ['电池健康度低于90%，请留意', '电池健康度低于80%，建议检测维修'], only: 'ev' },
  { itemCode: 'EV02', itemName: '高压绝缘', advice: ['绝缘阻值偏低，请留意', '绝缘故障，须立即检修'], only: 'ev' },
  { itemCode: 'EV03', itemName: '充电口', advice: ['充电口有灰尘氧化', '充电口烧蚀，须更换'], only: 'ev' },
  { itemCode: 'EV04', itemName: '电池冷却液', advice: ['冷却液偏少，已补充', '冷却液渗漏，须检修'], only: 'ev' },
];

/** The list for a car: electric cars by the series' plate or VIN (the E6's VIN descriptor starts with E). */
export function checkItemsFor(electric: boolean): CheckItem[] {
  return CHECK_ITEMS.filter((item) => item.only === undefined || item.only === (electric ? 'ev' : 'fuel'));
}
