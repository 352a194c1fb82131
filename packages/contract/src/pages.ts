/** A page of a list, in the spec's edges / node / page_info shape. */
export interface PageInfo {
  has_next_page: boolean;
  end_cursor: string | null;
}
export interface Edges<T> {
  count?: number;
  edges: { node: T }[];
  page_info: PageInfo;
}
