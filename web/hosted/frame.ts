// What the hosted frames share: their elements by id and posting to the checkout that frames them
// (always a page of this origin; opened as a popup, the opener).

export function fieldOf(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`The page has no #${id}`);
  return element;
}

export function post(message: object): void {
  const parent = window.parent !== window ? window.parent : (window.opener as Window | null);
  parent?.postMessage(message, window.location.origin);
}
