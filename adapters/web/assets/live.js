// Follows a running game: the server sends the game's part of the page,
// already escaped, whenever it changes (server-sent events).
(function () {
  var el = document.getElementById("game");
  if (!el || !el.dataset.events || !window.EventSource) {
    return;
  }
  var es = new EventSource(el.dataset.events);
  es.addEventListener("game", function (e) {
    el.innerHTML = e.data;
  });
  es.addEventListener("end", function () {
    es.close();
  });
})();
