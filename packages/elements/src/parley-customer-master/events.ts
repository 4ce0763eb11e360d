/** `parley-navigate`: the spec path the customer master moves to (`customers/view/{id}`). Cancel it to route yourself. */
export interface NavigateDetail {
  path: string;
}
