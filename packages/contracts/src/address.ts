import { z } from 'zod';
import { text } from './text.js';
import { Mobile } from './account.js';
import { CompanyIdField, rowOwnership } from './row-owner.js';

/** A shipping address; the region is the administrative-division codes and names (province, city, district). */
export const AddressBody = z
  .object({
    recipient: text().trim().min(1, '请输入收货人').max(30, '收货人最多 30 个字'),
    mobile: Mobile,
    regionCodes: z
      .array(text().regex(/^\d{2,12}$/, '地区编码不正确'))
      .min(2, '请选择省市区')
      .max(3, '请选择省市区')
      .describe('Administrative-division codes: province, city, district (2 for municipalities without districts)'),
    street: text().trim().min(2, '请输入详细地址').max(120, '详细地址最多 120 个字'),
    isDefault: z.boolean().optional(),
  })
  .meta({ id: 'AddressBody' });
export type AddressBody = z.infer<typeof AddressBody>;

/** A new address: the caller's own, or their company's (`companyId`, for its 管理员 and 采购). */
export const AddressCreateBody = AddressBody.extend({ companyId: CompanyIdField }).meta({ id: 'AddressCreateBody' });
export type AddressCreateBody = z.infer<typeof AddressCreateBody>;

export const Address = z
  .object({
    id: z.number().int(),
    recipient: z.string(),
    mobile: z.string(),
    regionCodes: z.array(z.string()),
    regionNames: z.array(z.string()).describe('Names of the region codes, e.g. ["浙江省","杭州市","西湖区"]'),
    street: z.string(),
    isDefault: z.boolean().describe('个人的默认地址（企业的地址不设默认）'),
    createdAt: z.string(),
    ...rowOwnership,
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof Address>;

export const AddressList = z.object({ items: z.array(Address), totalCount: z.number().int() }).meta({ id: 'AddressList' });
export type AddressList = z.infer<typeof AddressList>;
