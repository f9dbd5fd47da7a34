import { z } from 'zod';
import { text } from '../text.js';
import {
  AccountSummary,
  ChangePasswordBody,
  LoginBody,
  RegisterBody,
  SessionResponse,
  UpdateProfileBody,
  User,
} from '../account.js';
import { Address, AddressBody, AddressList } from '../address.js';
import { IdParams } from '../common.js';
import { MAX_FAVORITES } from '../constants/account.js';
import { Favorite, FavoriteBody, FavoritePage, FavoriteQuery } from '../favorite.js';
import { Notice, NoticePage, NoticeQuery, UnreadCount } from '../notice.js';
import type { EndpointSpec } from './endpoint.js';

const exampleAddress = { recipient: '王工', mobile: '13800138000', regionCodes: ['33', '3301', '330106'], street: '文三路 90 号' };

/** Account, address book, notices and favorites: the signed-in user's own things. */
export const accountEndpoints = {
  accountRegister: {
    access: 'public',
    tag: '账号',
    summary: '注册：账号为手机号或邮箱，成功后即为登录状态',
    body: RegisterBody,
    responses: { 201: SessionResponse },
    errors: [409, 429],
    example: { body: { account: '13800138000', password: 'Excipient-Sample-2026' } },
  },
  accountLogin: {
    access: 'public',
    tag: '账号',
    summary: '登录：账号或密码错误时统一返回 401',
    body: LoginBody,
    responses: { 200: SessionResponse },
    errors: [401, 429],
    example: { body: { account: '13800138000', password: 'Excipient-Sample-2026' } },
  },
  accountLogout: {
    access: 'user',
    tag: '账号',
    summary: '退出登录：仅使当前令牌失效',
    responses: { 204: z.null() },
  },
  accountLogoutAll: {
    access: 'user',
    tag: '账号',
    summary: '退出所有设备：该用户此前签发的令牌全部失效',
    responses: { 204: z.null() },
  },
  accountProfile: { access: 'user', tag: '账号', summary: '个人资料', responses: { 200: User } },
  accountUpdateProfile: {
    access: 'user',
    tag: '账号',
    summary: '修改个人资料（姓名、性别、昵称、头像）',
    body: UpdateProfileBody,
    responses: { 200: User },
    example: { body: { nickName: '王工' } },
  },
  accountUploadAvatar: {
    access: 'user',
    tag: '账号',
    summary: '上传头像：multipart/form-data，字段 file；PNG、JPEG 或 WebP，不超过 2 MB',
    bodyFormat: 'multipart',
    body: z.object({ file: z.string().describe('图片文件（binary）') }),
    responses: { 200: User },
    errors: [400, 413, 415],
  },
  accountAvatar: {
    access: 'public',
    tag: '账号',
    summary: '头像图片（公开）',
    params: z.object({ name: text().regex(/^[\w-]+\.(png|jpg|webp)$/, '图片名称不正确') }),
    responses: { 200: z.string().describe('PNG、JPEG 或 WebP 图片') },
    responseFormat: 'binary',
    rows: { kind: 'avatar', owner: false },
  },
  accountChangePassword: {
    access: 'user',
    tag: '账号',
    summary: '修改密码：其他设备上的登录全部失效，返回当前设备的新令牌',
    body: ChangePasswordBody,
    responses: { 200: SessionResponse },
    errors: [401],
    example: { body: { oldPassword: 'Excipient-Sample-2026', newPassword: 'Povidone-K30-Matrix' } },
  },
  accountSummary: {
    access: 'user',
    tag: '账号',
    summary: '个人中心统计：样品申请、收藏、未读通知',
    responses: { 200: AccountSummary },
  },

  addressList: { access: 'user', tag: '收货地址', summary: '收货地址列表（默认地址在前）', responses: { 200: AddressList } },
  addressCreate: {
    access: 'user',
    tag: '收货地址',
    summary: '新增收货地址（最多 20 个；第一个地址自动成为默认地址）',
    body: AddressBody,
    responses: { 201: Address },
    errors: [409],
    example: { body: exampleAddress },
  },
  addressGet: {
    access: 'user',
    tag: '收货地址',
    summary: '一个收货地址',
    params: IdParams,
    responses: { 200: Address },
    rows: { kind: 'address', owner: true },
  },
  addressUpdate: {
    access: 'user',
    tag: '收货地址',
    summary: '修改收货地址',
    params: IdParams,
    body: AddressBody,
    responses: { 200: Address },
    rows: { kind: 'address', owner: true },
    example: { body: exampleAddress },
  },
  addressDelete: {
    access: 'user',
    tag: '收货地址',
    summary: '删除收货地址（删除默认地址时，最近添加的另一个地址成为默认）',
    params: IdParams,
    responses: { 204: z.null() },
    rows: { kind: 'address', owner: true },
  },
  addressSetDefault: {
    access: 'user',
    tag: '收货地址',
    summary: '设为默认地址',
    params: IdParams,
    responses: { 200: Address },
    rows: { kind: 'address', owner: true },
  },

  noticeList: { access: 'user', tag: '通知', summary: '我的通知（新的在前，分页）', query: NoticeQuery, responses: { 200: NoticePage } },
  noticeUnreadCount: { access: 'user', tag: '通知', summary: '未读通知数', responses: { 200: UnreadCount } },
  noticeRead: {
    access: 'user',
    tag: '通知',
    summary: '标记一条通知为已读',
    params: IdParams,
    responses: { 200: Notice },
    rows: { kind: 'notice', owner: true },
  },
  noticeReadAll: { access: 'user', tag: '通知', summary: '全部标记为已读', responses: { 204: z.null() } },

  favoriteList: {
    access: 'user',
    tag: '收藏',
    summary: '我的收藏（新的在前，可按类型筛选，附各类型数量）',
    query: FavoriteQuery,
    responses: { 200: FavoritePage },
  },
  favoriteAdd: {
    access: 'user',
    tag: '收藏',
    summary: `收藏（已收藏时返回 200 和原有收藏；最多 ${MAX_FAVORITES} 条）`,
    body: FavoriteBody,
    responses: { 200: Favorite, 201: Favorite },
    errors: [404, 409],
    example: { body: { targetType: 'excipient', targetId: 1 } },
  },
  favoriteRemove: {
    access: 'user',
    tag: '收藏',
    summary: '取消收藏',
    params: IdParams,
    responses: { 204: z.null() },
    rows: { kind: 'favorite', owner: true },
  },
} as const satisfies Record<string, EndpointSpec>;
