// Follows a running game or tournament: the server sends the page's live
// part, already escaped, whenever it changes (server-sent events). The
// element with data-events takes the events named as its id ("game",
// "tournament").
(function () {
  var el = document.querySelector("[data-events]");
  if (!el || !el.id || !window.EventSource) {
    return;
  }
  var es = new EventSource(el.dataset.events);
  es.addEventListener(el.id, function (e) {
    el.innerHTML = e.data;
  });
  es.addEventListener("end", function () {
    es.close();
  });
})();
