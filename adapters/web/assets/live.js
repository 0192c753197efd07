// Follows a running game or tournament: the server sends the page's live
// part, already escaped, whenever it changes (server-sent events). The
// element with data-events takes the events named as its id ("game",
// "tournament"). After each, the document hears "live:update" (replay.js
// takes a game that has just ended).
(function () {
  var el = document.querySelector("[data-events]");
  if (!el || !el.id || !window.EventSource) {
    return;
  }
  var es = new EventSource(el.dataset.events);
  es.addEventListener(el.id, function (e) {
    el.innerHTML = e.data;
    document.dispatchEvent(new CustomEvent("live:update"));
  });
  es.addEventListener("end", function () {
    es.close();
  });
})();
