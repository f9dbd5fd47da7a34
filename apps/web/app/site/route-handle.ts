/** Route meta: the layout index tells the account menu which group a page belongs to. */
export interface RouteHandle {
  layoutIndex: 2 | 7;
}

export const accountHandle: RouteHandle = { layoutIndex: 2 };
export const settingsHandle: RouteHandle = { layoutIndex: 7 };
