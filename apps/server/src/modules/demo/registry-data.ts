/**
 * Vocabulary for generated CDE registration records (原辅包登记信息): provinces and cities, company
 * name parts, packaging materials and active ingredients. Company names are made up from these parts
 * and are not meant to name real companies.
 */

/** Province (short name as listed), full name, cities, and a weight close to its share of the industry. */
export const PROVINCES: readonly { short: string; full: string; cities: string[]; weight: number }[] = [
  { short: '山东', full: '山东省', cities: ['济南市', '青岛市', '淄博市', '潍坊市', '临沂市', '德州市', '菏泽市', '聊城市', '烟台市', '威海市'], weight: 14 },
  { short: '江苏', full: '江苏省', cities: ['南京市', '苏州市', '无锡市', '常州市', '泰州市', '连云港市', '南通市', '盐城市'], weight: 13 },
  { short: '浙江', full: '浙江省', cities: ['杭州市', '台州市', '绍兴市', '湖州市', '金华市', '宁波市', '嘉兴市'], weight: 11 },
  { short: '河北', full: '河北省', cities: ['石家庄市', '沧州市', '邢台市', '衡水市', '保定市', '唐山市'], weight: 7 },
  { short: '广东', full: '广东省', cities: ['广州市', '深圳市', '珠海市', '佛山市', '中山市', '汕头市'], weight: 7 },
  { short: '上海', full: '上海市', cities: ['浦东新区', '闵行区', '奉贤区', '金山区', '松江区', '嘉定区'], weight: 5 },
  { short: '湖北', full: '湖北省', cities: ['武汉市', '宜昌市', '荆州市', '襄阳市', '孝感市'], weight: 5 },
  { short: '四川', full: '四川省', cities: ['成都市', '眉山市', '德阳市', '绵阳市', '乐山市'], weight: 5 },
  { short: '安徽', full: '安徽省', cities: ['合肥市', '淮北市', '亳州市', '安庆市', '蚌埠市'], weight: 5 },
  { short: '河南', full: '河南省', cities: ['郑州市', '新乡市', '焦作市', '开封市', '南阳市'], weight: 5 },
  { short: '湖南', full: '湖南省', cities: ['长沙市', '株洲市', '岳阳市', '常德市'], weight: 3 },
  { short: '江西', full: '江西省', cities: ['南昌市', '九江市', '赣州市', '宜春市'], weight: 3 },
  { short: '北京', full: '北京市', cities: ['大兴区', '昌平区', '顺义区', '通州区'], weight: 3 },
  { short: '天津', full: '天津市', cities: ['滨海新区', '西青区', '北辰区', '武清区'], weight: 3 },
  { short: '重庆', full: '重庆市', cities: ['长寿区', '涪陵区', '江北区', '巴南区'], weight: 2 },
  { short: '辽宁', full: '辽宁省', cities: ['沈阳市', '大连市', '本溪市', '鞍山市'], weight: 2 },
  { short: '福建', full: '福建省', cities: ['福州市', '厦门市', '泉州市', '三明市'], weight: 2 },
  { short: '吉林', full: '吉林省', cities: ['长春市', '通化市', '吉林市'], weight: 2 },
  { short: '陕西', full: '陕西省', cities: ['西安市', '咸阳市', '宝鸡市'], weight: 2 },
  { short: '山西', full: '山西省', cities: ['太原市', '运城市', '大同市'], weight: 1 },
  { short: '黑龙江', full: '黑龙江省', cities: ['哈尔滨市', '齐齐哈尔市', '大庆市'], weight: 1 },
  { short: '内蒙古', full: '内蒙古自治区', cities: ['呼和浩特市', '赤峰市', '包头市'], weight: 1 },
  { short: '广西', full: '广西壮族自治区', cities: ['南宁市', '桂林市', '北海市'], weight: 1 },
  { short: '云南', full: '云南省', cities: ['昆明市', '玉溪市', '楚雄彝族自治州'], weight: 1 },
  { short: '贵州', full: '贵州省', cities: ['贵阳市', '遵义市'], weight: 1 },
  { short: '甘肃', full: '甘肃省', cities: ['兰州市', '天水市'], weight: 1 },
  { short: '海南', full: '海南省', cities: ['海口市', '三亚市'], weight: 1 },
  { short: '宁夏', full: '宁夏回族自治区', cities: ['银川市', '石嘴山市'], weight: 1 },
  { short: '新疆', full: '新疆维吾尔自治区', cities: ['乌鲁木齐市', '昌吉回族自治州'], weight: 1 },
  { short: '青海', full: '青海省', cities: ['西宁市'], weight: 1 },
  { short: '西藏', full: '西藏自治区', cities: ['拉萨市'], weight: 1 },
];

export const DISTRICT_KINDS = ['经济技术开发区', '高新技术产业开发区', '化工园区', '医药产业园', '工业园区', '生物医药产业园', '新区'];
export const ROADS = [
  '创业路', '科技大道', '长江路', '黄河路', '工业一路', '工业二路', '药谷大道', '中山路', '人民路', '兴业街',
  '高新路', '经五路', '纬三路', '滨海大道', '富春路', '太湖大道', '新华路', '建设路', '华山路', '泰山路',
  '健康路', '医药城大道', '金桥路', '环城北路', '振兴路', '开发大道', '汇金路', '学府路', '锦绣路', '港城路',
];

/**
 * Countries of imported registrations, each with company names, company forms and addresses of its
 * own (a German GmbH on a Straße in Darmstadt, a Japanese Co., Ltd. in Osaka).
 */
export const COUNTRIES: readonly {
  name: string;
  en: string;
  cities: string[];
  forms: string[];
  roots: string[];
  streets: string[];
  weight: number;
}[] = [
  { name: '德国', en: 'Germany', cities: ['Darmstadt', 'Ludwigshafen', 'Mannheim', 'Hamburg', 'Frankfurt am Main'], forms: ['GmbH', 'GmbH & Co. KG', 'AG'], roots: ['Rheinwerk', 'Alpenwerk', 'Lindenberg', 'Taunus', 'Neckartal', 'Elbtal'], streets: ['Industriestraße', 'Chemiestraße', 'Am Werkhafen'], weight: 5 },
  { name: '美国', en: 'USA', cities: ['Wilmington, DE', 'Midland, MI', 'Harleysville, PA', 'Newark, NJ', 'Chicago, IL'], forms: ['Inc.', 'LLC', 'Corporation'], roots: ['Oakridge', 'Bluestone', 'Brightwater', 'Pacifica', 'Great Lakes', 'Kestrel'], streets: ['Harbor Road', 'Science Park Drive', 'Industrial Parkway'], weight: 6 },
  { name: '法国', en: 'France', cities: ['Lestrem', 'Lyon', 'Saint-Priest', 'Strasbourg'], forms: ['S.A.S.', 'S.A.'], roots: ['Montblanc', 'Provence', 'Val de Loire', 'Normandie', 'Aquitaine'], streets: ['Rue de la Chimie', "Avenue de l'Industrie", 'Rue des Sciences'], weight: 3 },
  { name: '日本', en: 'Japan', cities: ['Tokyo', 'Osaka', 'Niigata', 'Nagoya'], forms: ['Co., Ltd.', 'Corporation'], roots: ['Fujisawa Seiko', 'Kaneda', 'Sakura', 'Hokuriku', 'Shinano', 'Tokai'], streets: ['Nihonbashi-Honcho', 'Doshomachi', 'Marunouchi'], weight: 4 },
  { name: '印度', en: 'India', cities: ['Hyderabad', 'Ahmedabad', 'Mumbai', 'Vadodara'], forms: ['Pvt. Ltd.', 'Limited'], roots: ['Deccan', 'Narmada', 'Godavari', 'Malabar', 'Sahyadri', 'Kaveri'], streets: ['GIDC Industrial Estate', 'MIDC Industrial Area', 'Pharma City Road'], weight: 5 },
  { name: '意大利', en: 'Italy', cities: ['Milano', 'Bologna', 'Verona'], forms: ['S.p.A.', 'S.r.l.'], roots: ['Castello', 'Aurelia', 'Dolomiti', 'Toscana', 'Adriatica'], streets: ["Via dell'Industria", 'Via della Chimica', 'Viale Europa'], weight: 2 },
  { name: '比利时', en: 'Belgium', cities: ['Brussels', 'Antwerp', 'Ghent'], forms: ['NV', 'SA'], roots: ['Ardenne', 'Scheldt', 'Brabant'], streets: ['Industrieweg', 'Havenlaan'], weight: 1 },
  { name: '荷兰', en: 'Netherlands', cities: ['Veghel', 'Rotterdam', 'Eindhoven'], forms: ['B.V.'], roots: ['Zeeland', 'Veluwe', 'Delta', 'Hollandia'], streets: ['Industrieweg', 'Havenstraat'], weight: 2 },
  { name: '瑞士', en: 'Switzerland', cities: ['Basel', 'Zürich', 'Visp'], forms: ['AG', 'SA'], roots: ['Tessin', 'Helvetia', 'Jura', 'Rhône'], streets: ['Industriestrasse', 'Rheinstrasse'], weight: 2 },
  { name: '英国', en: 'United Kingdom', cities: ['Cambridge', 'Manchester', 'Dartford'], forms: ['Ltd.', 'plc'], roots: ['Pennine', 'Thames', 'Cotswold', 'Severn'], streets: ['Science Park', 'Innovation Way'], weight: 1 },
  { name: '韩国', en: 'Republic of Korea', cities: ['Seoul', 'Incheon', 'Ulsan'], forms: ['Co., Ltd.'], roots: ['Hanil', 'Seoyang', 'Hanbit', 'Daehan'], streets: ['Gongdan-ro', 'Sandan-ro'], weight: 2 },
  { name: '爱尔兰', en: 'Ireland', cities: ['Cork', 'Dublin'], forms: ['Limited'], roots: ['Shannon', 'Liffey', 'Emerald'], streets: ['Business Park', 'Industrial Estate'], weight: 1 },
  { name: '西班牙', en: 'Spain', cities: ['Barcelona', 'Madrid'], forms: ['S.A.', 'S.L.'], roots: ['Ebro', 'Iberia', 'Castilla', 'Levante'], streets: ['Polígono Industrial', 'Calle de la Química'], weight: 1 },
];
export type RegistrationKind = '辅料' | '药包材' | '原料药';

/**
 * What a packaging item is made of: a company's trade (a glass works, a stopper maker) registers the
 * items of its materials only.
 */
export type PackagingMaterial = 'glass' | 'stopper' | 'plunger' | 'closure' | 'plastic' | 'film' | 'device' | 'other';
/** Families of excipients a specialised maker registers (by the product's name). */
export type ExcipientFamily = 'starch' | 'cellulose' | 'polymer' | 'capsule';

/**
 * A company's trade: the word its name carries (药用玻璃 in a domestic name, Glass in a foreign one)
 * and what it registers; a trade without `makes` registers any product of its kind.
 */
export interface Trade {
  word: string;
  makes?: readonly (PackagingMaterial | ExcipientFamily)[];
}

/** Trades of domestic companies, by the kind of product they register; no word serves two kinds. */
export const COMPANY_TRADES: Record<RegistrationKind, readonly Trade[]> = {
  辅料: [
    { word: '药用辅料' },
    { word: '医药科技' },
    { word: '生物科技' },
    { word: '化工' },
    { word: '精细化工' },
    { word: '新材料' },
    { word: '淀粉', makes: ['starch'] },
    { word: '纤维素', makes: ['cellulose'] },
    { word: '胶囊', makes: ['capsule'] },
  ],
  药包材: [
    { word: '药用包装' },
    { word: '医药包装' },
    { word: '药用玻璃', makes: ['glass'] },
    { word: '药用胶塞', makes: ['stopper', 'plunger'] },
    { word: '橡塑制品', makes: ['stopper', 'plunger', 'closure', 'plastic'] },
    { word: '塑胶', makes: ['plastic'] },
    { word: '包装材料', makes: ['film', 'plastic'] },
  ],
  原料药: [{ word: '制药' }, { word: '药业' }, { word: '生物医药' }, { word: '化学制药' }, { word: '医药化工' }, { word: '药物研究' }, { word: '医药' }],
};
/** Trades of foreign companies (the field in their name), as above. */
export const FOREIGN_TRADES: Record<RegistrationKind, readonly Trade[]> = {
  辅料: [
    { word: 'Excipients' },
    { word: 'Pharma Ingredients' },
    { word: 'Fine Chemicals' },
    { word: 'Cellulose', makes: ['cellulose'] },
    { word: 'Polymers', makes: ['polymer'] },
    { word: 'Starch Industries', makes: ['starch'] },
  ],
  药包材: [
    { word: 'Pharma Packaging' },
    { word: 'Medical Packaging' },
    { word: 'Glass', makes: ['glass'] },
    { word: 'Elastomers', makes: ['stopper', 'plunger'] },
    { word: 'Closures', makes: ['closure', 'stopper'] },
  ],
  原料药: [{ word: 'Pharmaceuticals' }, { word: 'Life Sciences' }, { word: 'Chemicals' }, { word: 'Biopharma' }, { word: 'API Manufacturing' }],
};

/** Which excipients (by name) belong to a family a specialised maker registers. */
export const EXCIPIENT_FAMILIES: Record<Exclude<ExcipientFamily, 'capsule'>, RegExp> = {
  starch: /淀粉|糊精/,
  cellulose: /纤维素/,
  polymer: /聚|共聚物|纤维素|卡波姆|树脂|泊洛沙姆/,
};

/** Two-character brand cores of company names. */
export const NAME_CORES = [
  '华康', '恒瑞', '信立', '泰德', '源正', '丰元', '宏海', '永安', '新金', '天中', '博嘉', '鑫润', '普益', '联立', '科达',
  '海正', '瑞祥', '康恩', '金城', '东方', '长青', '九州', '瑞阳', '九鼎', '尔康', '润泽', '山河', '聚力', '仁和', '同仁',
  '华东', '齐鲁', '新华', '鲁南', '华北', '济民', '汇仁', '天宇', '宏源', '安泰', '德润', '明德', '卓越', '嘉和', '正大',
  '圣元', '维康', '百川', '千金', '万邦', '中联', '美康', '和泽', '华润', '奥翔', '博瑞', '诺泰', '海辰', '立方', '凯瑞',
  '佳禾', '利华', '天成', '同源', '信谊', '民生', '康普', '绿叶', '远大', '亚宝', '华海', '普洛', '京新', '仙琚', '昂利',
  '富祥', '彩虹', '星光', '金石', '宏达', '三元', '众生', '春江', '瑞普', '昊华', '鼎泰', '盛世', '永信', '华晟', '晨光',
];
export const COMPANY_FORMS = ['有限公司', '股份有限公司', '有限责任公司', '集团有限公司'];

/**
 * 药包材 names as they appear in registrations, with typical 规格 and 包装规格, what they are made of
 * and the dosage forms they hold (said in a record's 备注).
 */
export const PACKAGING: readonly { name: string; specs: string[]; packs: string[]; material: PackagingMaterial; use: string }[] = [
  { name: '中硼硅玻璃管制注射剂瓶', specs: ['2 mL', '5 mL', '7 mL', '10 mL', '20 mL'], packs: ['1000 支/箱', '2000 支/箱'], material: 'glass', use: '小容量注射剂及冻干粉针' },
  { name: '中硼硅玻璃安瓿', specs: ['1 mL', '2 mL', '5 mL', '10 mL', '20 mL'], packs: ['2000 支/箱', '3000 支/箱'], material: 'glass', use: '小容量注射剂' },
  { name: '中硼硅玻璃模制注射剂瓶', specs: ['10 mL', '20 mL', '30 mL', '50 mL', '100 mL'], packs: ['500 支/箱', '1000 支/箱'], material: 'glass', use: '注射用无菌粉末' },
  { name: '低硼硅玻璃管制注射剂瓶', specs: ['2 mL', '5 mL', '10 mL'], packs: ['1000 支/箱'], material: 'glass', use: '小容量注射剂' },
  { name: '钠钙玻璃模制注射剂瓶', specs: ['7 mL', '10 mL', '15 mL'], packs: ['1000 支/箱'], material: 'glass', use: '注射用无菌粉末' },
  { name: '钠钙玻璃管制口服液体瓶', specs: ['10 mL', '20 mL'], packs: ['2000 支/箱'], material: 'glass', use: '口服液体制剂' },
  { name: '钠钙玻璃输液瓶', specs: ['100 mL', '250 mL', '500 mL'], packs: ['200 支/箱'], material: 'glass', use: '大容量注射剂（输液）' },
  { name: '注射液用卤化丁基橡胶塞', specs: ['13 mm', '20 mm', '28 mm', '32 mm'], packs: ['3000 只/袋', '5000 只/袋'], material: 'stopper', use: '注射液' },
  { name: '注射用无菌粉末用溴化丁基橡胶塞', specs: ['13 mm', '20 mm'], packs: ['3000 只/袋', '5000 只/袋'], material: 'stopper', use: '注射用无菌粉末' },
  { name: '注射用冷冻干燥用氯化丁基橡胶塞', specs: ['13 mm', '20 mm'], packs: ['3000 只/袋'], material: 'stopper', use: '冻干粉针' },
  { name: '药用卤化丁基橡胶塞（覆膜）', specs: ['13 mm', '20 mm'], packs: ['3000 只/袋'], material: 'stopper', use: '注射剂及冻干粉针' },
  { name: '抗生素瓶用铝塑组合盖', specs: ['13 mm', '20 mm', '32 mm'], packs: ['5000 只/箱'], material: 'closure', use: '注射用无菌粉末' },
  { name: '口服液瓶用铝塑组合盖', specs: ['18 mm', '20 mm'], packs: ['5000 只/箱'], material: 'closure', use: '口服液体制剂' },
  { name: '输液瓶用铝塑组合盖', specs: ['28 mm', '32 mm'], packs: ['3000 只/箱'], material: 'closure', use: '大容量注射剂（输液）' },
  { name: '药用铝箔', specs: ['0.020 mm × 130 mm', '0.025 mm × 150 mm', '0.020 mm × 250 mm'], packs: ['10 kg/卷', '15 kg/卷'], material: 'film', use: '口服固体制剂泡罩包装' },
  { name: '聚氯乙烯固体药用硬片', specs: ['0.25 mm × 130 mm', '0.30 mm × 250 mm'], packs: ['25 kg/卷'], material: 'film', use: '口服固体制剂泡罩包装' },
  { name: '聚氯乙烯/聚偏二氯乙烯固体药用复合硬片', specs: ['0.25 mm/40 g/m²', '0.25 mm/60 g/m²'], packs: ['20 kg/卷'], material: 'film', use: '易吸潮口服固体制剂泡罩包装' },
  { name: '冷冲压成型铝/聚氯乙烯复合硬片', specs: ['0.13 mm × 130 mm', '0.15 mm × 200 mm'], packs: ['20 kg/卷'], material: 'film', use: '避光防潮口服固体制剂泡罩包装' },
  { name: '口服固体药用高密度聚乙烯瓶', specs: ['30 mL', '60 mL', '100 mL', '150 mL', '200 mL'], packs: ['500 只/箱', '1000 只/箱'], material: 'plastic', use: '片剂和胶囊剂' },
  { name: '口服液体药用聚酯瓶', specs: ['60 mL', '100 mL', '150 mL'], packs: ['400 只/箱'], material: 'plastic', use: '口服溶液剂和混悬剂' },
  { name: '口服固体药用聚丙烯瓶', specs: ['30 mL', '50 mL', '100 mL'], packs: ['600 只/箱'], material: 'plastic', use: '片剂和胶囊剂' },
  { name: '低密度聚乙烯药用滴眼剂瓶', specs: ['5 mL', '8 mL', '10 mL'], packs: ['3000 套/箱'], material: 'plastic', use: '滴眼剂' },
  { name: '多层共挤输液用膜、袋', specs: ['100 mL', '250 mL', '500 mL'], packs: ['500 只/箱', '300 kg/卷'], material: 'film', use: '大容量注射剂（输液）' },
  { name: '聚丙烯输液瓶', specs: ['100 mL', '250 mL', '500 mL'], packs: ['300 只/箱'], material: 'plastic', use: '大容量注射剂（输液）' },
  { name: '药品包装用复合膜、袋', specs: ['PET/Al/PE', 'BOPP/PE', 'PET/VMPET/PE'], packs: ['10 kg/卷', '10000 只/箱'], material: 'film', use: '颗粒剂和散剂' },
  { name: '聚酯/铝/聚乙烯药品包装用复合膜、袋', specs: ['12 μm/7 μm/50 μm', '12 μm/9 μm/60 μm'], packs: ['15 kg/卷'], material: 'film', use: '颗粒剂、散剂和贴剂' },
  { name: '预灌封注射器组合件（带注射针）', specs: ['0.5 mL', '1 mL', '1 mL 长型', '2.25 mL'], packs: ['100 支/盒'], material: 'device', use: '预灌封注射剂' },
  { name: '笔式注射器用硼硅玻璃套筒', specs: ['3 mL'], packs: ['1000 支/箱'], material: 'glass', use: '胰岛素等笔式注射剂' },
  { name: '卡式瓶用溴化丁基橡胶活塞', specs: ['3 mL'], packs: ['5000 只/袋'], material: 'plunger', use: '卡式瓶注射剂' },
  { name: '定量吸入气雾剂用铝罐', specs: ['14 mL', '19 mL'], packs: ['2000 只/箱'], material: 'device', use: '定量吸入气雾剂' },
  { name: '吸入气雾剂用定量阀门', specs: ['50 μL', '63 μL', '100 μL'], packs: ['2000 只/箱'], material: 'device', use: '定量吸入气雾剂' },
  { name: '鼻用喷雾泵', specs: ['50 μL', '100 μL', '140 μL'], packs: ['3000 只/箱'], material: 'device', use: '鼻用喷雾剂' },
  { name: '药用硅胶干燥剂', specs: ['1 g', '2 g', '3 g'], packs: ['5000 袋/箱'], material: 'other', use: '口服固体制剂瓶装' },
  { name: '药用聚乙烯瓶盖（儿童安全型）', specs: ['28 mm', '33 mm', '38 mm'], packs: ['3000 只/箱'], material: 'closure', use: '口服固体制剂瓶装' },
  { name: '软膏管（铝塑复合管）', specs: ['10 g', '15 g', '20 g'], packs: ['2000 支/箱'], material: 'other', use: '软膏剂、乳膏剂和凝胶剂' },
];

/**
 * Empty capsules: in China registered as 药用辅料 (F numbers), made by capsule makers only; not
 * products of the demo catalogue.
 */
export const CAPSULES: readonly { name: string; specs: string[]; packs: string[] }[] = [
  { name: '明胶空心胶囊', specs: ['00 号', '0 号', '1 号', '2 号', '3 号', '4 号'], packs: ['10 万粒/箱', '20 万粒/箱'] },
  { name: '肠溶明胶空心胶囊', specs: ['0 号', '1 号', '2 号'], packs: ['10 万粒/箱'] },
  { name: '羟丙甲纤维素空心胶囊', specs: ['0 号', '1 号', '2 号', '3 号'], packs: ['10 万粒/箱'] },
  { name: '普鲁兰多糖空心胶囊', specs: ['0 号', '1 号', '2 号'], packs: ['10 万粒/箱'] },
];

/** 原料药 names as they appear in registrations. */
export const ACTIVE_INGREDIENTS = [
  '阿莫西林', '布洛芬', '对乙酰氨基酚', '阿托伐他汀钙', '瑞舒伐他汀钙', '硫酸氢氯吡格雷', '盐酸二甲双胍', '奥美拉唑',
  '埃索美拉唑镁', '兰索拉唑', '泮托拉唑钠', '头孢克肟', '头孢呋辛酯', '阿奇霉素', '克拉霉素', '左氧氟沙星', '盐酸莫西沙星',
  '恩替卡韦', '富马酸替诺福韦二吡呋酯', '磷酸奥司他韦', '缬沙坦', '厄贝沙坦', '氯沙坦钾', '坎地沙坦酯', '苯磺酸氨氯地平',
  '硝苯地平', '酒石酸美托洛尔', '富马酸比索洛尔', '阿司匹林', '塞来昔布', '双氯芬酸钠', '吲哚美辛', '地塞米松磷酸钠',
  '醋酸泼尼松龙', '甲泼尼龙', '氢化可的松', '格列美脲', '格列齐特', '磷酸西格列汀', '利格列汀', '达格列净', '恩格列净',
  '阿卡波糖', '瑞格列奈', '盐酸吡格列酮', '利伐沙班', '阿哌沙班', '甲磺酸达比加群酯', '替格瑞洛', '华法林钠', '左乙拉西坦',
  '普瑞巴林', '加巴喷丁', '丙戊酸钠', '奥卡西平', '拉莫三嗪', '盐酸舍曲林', '草酸艾司西酞普兰', '盐酸度洛西汀',
  '盐酸文拉法辛', '阿立哌唑', '奥氮平', '富马酸喹硫平', '利培酮', '盐酸多奈哌齐', '盐酸美金刚', '孟鲁司特钠', '氯雷他定',
  '盐酸西替利嗪', '盐酸非索非那定', '甲磺酸伊马替尼', '吉非替尼', '盐酸厄洛替尼', '甲磺酸奥希替尼', '卡培他滨', '来曲唑',
  '阿那曲唑', '枸橼酸他莫昔芬', '比卡鲁胺', '恩扎卢胺', '醋酸阿比特龙', '枸橼酸西地那非', '他达拉非', '非布司他', '别嘌醇',
  '秋水仙碱', '碳酸司维拉姆', '骨化三醇', '阿法骨化醇', '阿仑膦酸钠', '头孢曲松钠', '头孢唑林钠', '美罗培南', '哌拉西林钠',
  '他唑巴坦钠', '盐酸万古霉素', '利奈唑胺', '氟康唑', '伏立康唑', '泊沙康唑', '更昔洛韦', '阿昔洛韦', '盐酸伐昔洛韦',
  '利巴韦林', '帕瑞昔布钠', '盐酸右美托咪定', '罗库溴铵', '丙泊酚', '盐酸布比卡因', '盐酸利多卡因', '盐酸昂丹司琼',
  '盐酸帕洛诺司琼', '多西他赛', '紫杉醇', '奥沙利铂', '培美曲塞二钠', '盐酸吉西他滨', '硼替佐米', '阿扎胞苷', '地西他滨',
  '依诺肝素钠', '肝素钠', '磺达肝癸钠', '奥美沙坦酯', '替米沙坦', '螺内酯', '呋塞米', '氢氯噻嗪', '托伐普坦', '瑞巴派特',
  '枸橼酸莫沙必利', '盐酸伊托必利', '多潘立酮', '铝碳酸镁', '蒙脱石', '熊去氧胆酸', '盐酸氨溴索', '乙酰半胱氨酸',
  '布地奈德', '丙酸氟替卡松', '硫酸沙丁胺醇', '噻托溴铵', '盐酸特比萘芬', '阿德福韦酯', '拉米夫定',
  '依折麦布', '非诺贝特', '匹伐他汀钙', '盐酸贝尼地平', '盐酸胺碘酮', '地高辛', '单硝酸异山梨酯', '曲美他嗪',
];

/**
 * Parts of a registration's 备注 (会员可见): what it is registered for, where its review stands (it
 * agrees with 与制剂共同审评审批结果: A passed, I not yet), and the change that last updated it.
 */
export const REMARK_USES: Record<string, string> = {
  口服: '供口服制剂用',
  注射: '供注射用',
  外用: '供外用制剂用',
  吸入: '供吸入制剂用',
  眼用: '供眼用制剂用',
};
export const REMARKS_PASSED = ['已在上市制剂中使用', '已与 {n} 个制剂关联审评通过'];
export const REMARKS_PENDING = ['尚未与制剂关联审评', '关联制剂审评中'];
export const REMARKS_API_PASSED = ['已在上市制剂中使用', '已与 {n} 个制剂关联审评通过', '已通过一致性评价的制剂关联使用'];
export const CHANGES_EXCIPIENT = ['质量标准按现行版药典更新', '生产场地地址名称文字性变更', '新增包装规格', '持有人名称变更', '生产工艺变更（备案）'];
export const CHANGES_PACKAGING = ['生产工艺变更', '新增规格', '持有人名称变更', '主要原材料供应商变更'];
export const CHANGES_API = ['生产工艺变更', '新增生产场地', '持有人名称变更', '按 ICH Q3D 完成元素杂质评估', '完成亚硝胺类杂质风险评估'];
