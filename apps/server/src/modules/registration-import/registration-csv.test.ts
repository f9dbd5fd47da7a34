import { REGISTRATION_CSV_COLUMNS } from '@fuliaotong/contracts';
import { describe, expect, it } from 'vitest';
import { CsvFormatError, parseCsvDate, readRegistrationCsv } from './registration-csv.js';

const header = REGISTRATION_CSV_COLUMNS.join(',');
const good = [
  'F20240012345,微晶纤维素,湖州恒信药用辅料有限公司,浙江省湖州市吴兴区环城北路88号,浙江,国产,PH101、PH102,25 kg/袋,辅料,A,2025-03-18,',
  'B20230021567,中硼硅玻璃管制注射剂瓶,淄博博嘉药用玻璃有限公司,"山东省淄博市淄川区双杨路12号, 3 号厂房",山东,国产,"2 mL, 5 mL",1000 支/箱,药包材,a,2025/5/6,已通过关联审评',
  'Y20220029931,布洛芬,Deccan Life Sciences Pvt. Ltd.,"Plot 21, Hyderabad, India",印度,进口,,25 kg/桶,原料药,I,2023年10月8日,',
];
const csv = (...lines: string[]) => [header, ...lines].join('\r\n') + '\r\n';

function formatError(input: string | Buffer): string {
  try {
    readRegistrationCsv(input);
  } catch (error) {
    expect(error).toBeInstanceOf(CsvFormatError);
    return (error as Error).message;
  }
  throw new Error('expected a CsvFormatError');
}

describe('reading a registration CSV', () => {
  it('accepts a good file and normalises its values', () => {
    const result = readRegistrationCsv(csv(...good));
    expect(result.rowCount).toBe(3);
    expect(result.rejected).toEqual([]);
    expect(result.records.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(result.records[1]!.record).toEqual({
      regNo: 'B20230021567',
      name: '中硼硅玻璃管制注射剂瓶',
      company: '淄博博嘉药用玻璃有限公司',
      companyAddress: '山东省淄博市淄川区双杨路12号, 3 号厂房',
      province: '山东',
      source: '国产',
      spec: '2 mL, 5 mL',
      packageSpec: '1000 支/箱',
      type: '药包材',
      reviewStatus: 'A',
      updatedOn: '2025-05-06',
      remark: '已通过关联审评',
    });
    expect(result.records[2]!.record.updatedOn).toBe('2023-10-08');
  });

  it('reads UTF-8 with a byte-order mark, from bytes', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv(...good), 'utf8')]);
    const result = readRegistrationCsv(bytes);
    expect(result.records).toHaveLength(3);
    expect(result.records[0]!.record.regNo).toBe('F20240012345');
  });

  it('reads columns in any order and ignores unknown ones', () => {
    const order = [...REGISTRATION_CSV_COLUMNS].reverse();
    const values = good[0]!.split(',');
    const row = order.map((c) => values[REGISTRATION_CSV_COLUMNS.indexOf(c)]!).join(',');
    const result = readRegistrationCsv(`${order.join(',')},序号\n${row},1\n`);
    expect(result.rejected).toEqual([]);
    expect(result.ignoredColumns).toEqual(['序号']);
    expect(result.records[0]!.record).toMatchObject({ regNo: 'F20240012345', name: '微晶纤维素', updatedOn: '2025-03-18' });
  });

  it('rejects bad dates, with the line number and the reason', () => {
    const result = readRegistrationCsv(
      csv(
        good[0]!,
        good[0]!.replace('F20240012345', 'F20240012346').replace('2025-03-18', '2025-02-30'),
        good[0]!.replace('F20240012345', 'F20240012347').replace('2025-03-18', '18.3.2025'),
        good[0]!.replace('F20240012345', 'F20240012348').replace('2025-03-18', '2999-01-01'),
      ),
    );
    expect(result.records).toHaveLength(1);
    expect(result.rejected).toEqual([
      { line: 3, regNo: 'F20240012346', reasons: ['更新日期“2025-02-30”：不是有效日期，应写作 YYYY-MM-DD'] },
      { line: 4, regNo: 'F20240012347', reasons: ['更新日期“18.3.2025”：不是有效日期，应写作 YYYY-MM-DD'] },
      { line: 5, regNo: 'F20240012348', reasons: ['更新日期“2999-01-01”：不能晚于今天'] },
    ]);
  });

  it('rejects bad registration numbers, wrong types and other bad values', () => {
    const result = readRegistrationCsv(
      csv(
        good[0]!.replace('F20240012345', 'F2024001234'),
        good[0]!.replace('F20240012345', 'X20240012345'),
        good[0]!.replace(',辅料,', ',辅料类,'),
        good[0]!.replace(',辅料,', ',药包材,'),
        good[0]!.replace(',国产,', ',本地,').replace(',A,', ',B,'),
        good[0]!.replace('湖州恒信药用辅料有限公司', ''),
      ),
    );
    expect(result.records).toEqual([]);
    const reasons = Object.fromEntries(result.rejected.map((r) => [r.line, r.reasons.join('；')]));
    expect(reasons[2]).toBe('登记号“F2024001234”：格式应为 F/B/Y + 4 位年份 + 7 位数字，如 F20190000123');
    expect(reasons[3]).toContain('登记号“X20240012345”：格式应为');
    expect(reasons[4]).toBe('类型“辅料类”：应为“辅料”“药包材”或“原料药”');
    expect(reasons[5]).toBe('登记号“F20240012345”：首字母 F 与类型“药包材”不符（药包材的登记号以 B 开头）');
    expect(reasons[6]).toBe('产品来源“本地”：应为“国产”或“进口”；与制剂共同审评审批结果“B”：应为 A 或 I');
    expect(reasons[7]).toBe('企业名称：不能为空');
  });

  it('rejects rows whose field count differs from the header', () => {
    const result = readRegistrationCsv(csv(good[0]!, 'F20240012399,微晶纤维素,某公司'));
    expect(result.rejected).toEqual([{ line: 3, regNo: 'F20240012399', reasons: ['该行有 3 个字段，表头有 12 列（检查是否有未加引号的逗号）'] }]);
  });

  it('lets the last row of a duplicated registration number win', () => {
    const later = good[0]!.replace('微晶纤维素', '微晶纤维素（更新）');
    const invalid = good[0]!.replace('2025-03-18', 'bad');
    const result = readRegistrationCsv(csv(good[0]!, good[1]!, later, invalid));
    expect(result.records.map((r) => [r.line, r.record.name])).toEqual([
      [3, '中硼硅玻璃管制注射剂瓶'],
      [4, '微晶纤维素（更新）'],
    ]);
    expect(result.superseded).toEqual([{ line: 2, regNo: 'F20240012345', byLine: 4 }]);
    expect(result.rejected.map((r) => r.line)).toEqual([5]);
  });

  it('counts lines across blank lines and quoted line breaks', () => {
    const multiline = 'F20240012350,微晶纤维素,湖州恒信药用辅料有限公司,,浙江,国产,PH101,"25 kg/袋\n内衬 PE 袋",辅料,A,2025-03-18,';
    const result = readRegistrationCsv(`${header}\n\n${multiline}\n${good[1]}\n`);
    expect(result.rejected).toEqual([]);
    expect(result.records.map((r) => r.line)).toEqual([3, 5]);
  });

  it('stops on a missing column header, naming it', () => {
    const without = REGISTRATION_CSV_COLUMNS.filter((c) => c !== '更新日期' && c !== '省份');
    const message = formatError(`${without.join(',')}\n`);
    expect(message).toMatch(/^缺少列：省份、更新日期。/);
  });

  it('stops on files it cannot read', () => {
    expect(formatError('')).toMatch(/^文件是空的/);
    expect(formatError(`${header},登记号\n`)).toBe('列名重复：登记号。每一列只能出现一次。');
    expect(formatError(`${header}\n"F20240012345,微晶纤维素\n`)).toMatch(/未闭合的引号/);
    expect(formatError(Buffer.from([0xb5, 0xc7, 0xbc, 0xc7, 0xba, 0xc5]))).toMatch(/不是 UTF-8 编码/);
  });

  it('understands the usual date spellings', () => {
    expect(parseCsvDate('2024-2-29')).toBe('2024-02-29');
    expect(parseCsvDate('2023-02-29')).toBeNull();
    expect(parseCsvDate('20240131')).toBe('2024-01-31');
    expect(parseCsvDate('2024.01.31')).toBe('2024-01-31');
    expect(parseCsvDate('31/01/2024')).toBeNull();
  });
});
