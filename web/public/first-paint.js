/* global document, location */
// Before the app's code arrives: index.html's placeholder takes the layout of the address
// (web/src/layouts/first-paint.ts says the same rule; test/web/first-paint.test.tsx checks they agree).
(function () {
  var path = location.pathname;
  var shape = document.querySelector('#root > .first-paint');
  if (!shape) return;
  var kind = 'plain';
  if (/^\/(embed|hosted)(\/|$)/.test(path)) kind = 'none';
  else if (path.indexOf('/developer') === 0 && !/^\/developer\/(login|signup|forgot|join|terms)(\/|$)/.test(path)) kind = 'developer';
  else if (/^\/($|dashboard(\/|$)|user\/dashboard(\/|$))/.test(path)) kind = 'owner';
  shape.setAttribute('data-kind', kind);
})();
