/** DOM helpers shared by the two pages. */

/** The element with this id, of this type; a page whose HTML lacks it is a programming error. */
export function byId<T extends HTMLElement>(id: string, type: abstract new (...args: never[]) => T): T {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`#${id} is missing or not a ${type.name}`);
  return element;
}
