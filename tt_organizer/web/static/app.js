/* tt event serve: live pages without a reload. Plain ES5 so that old phones run it. */
(function () {
  "use strict";
  var body = document.body;
  var version = body.getAttribute("data-version");
  var skew = parseFloat(body.getAttribute("data-now")) * 1000 - Date.now();
  var lastOk = Date.now();
  var POLL_MS = 3000;

  function get(url, done) {
    var xhr = new XMLHttpRequest();
    xhr.open("GET", url, true);
    xhr.setRequestHeader("Accept", url.indexOf("/api/") === 0 ? "application/json" : "text/html");
    xhr.onreadystatechange = function () {
      if (xhr.readyState === 4) { done(xhr.status === 200 ? xhr.responseText : null); }
    };
    xhr.send();
  }

  /* --- freshness -------------------------------------------------------------------- */
  var fresh = document.getElementById("fresh");
  function showFresh() {
    if (!fresh) { return; }
    var s = Math.round((Date.now() - lastOk) / 1000);
    fresh.textContent = s < 6 ? "live · up to date" : "last update " + s + " s ago";
    fresh.className = s < 20 ? "fresh" : "fresh stale";
  }

  /* --- timer ------------------------------------------------------------------------ */
  var timerEl = document.getElementById("timer");
  var timerEnd = null, timerLeft = 0, timerRunning = false;
  function setTimer(t) {
    if (!timerEl) { return; }
    timerRunning = !!t.running;
    timerLeft = t.remaining;
    timerEnd = timerRunning ? Date.now() + t.remaining * 1000 : null;
    timerEl.className = t.set ? "timer" : "timer hidden";
    drawTimer();
  }
  function drawTimer() {
    if (!timerEl || timerEl.className.indexOf("hidden") >= 0) { return; }
    var left = timerRunning ? (timerEnd - Date.now()) / 1000 : timerLeft;
    var s = Math.max(0, Math.ceil(left));
    var m = Math.floor(s / 60), r = s % 60;
    timerEl.textContent = m + ":" + (r < 10 ? "0" : "") + r + (timerRunning ? "" : " ⏸");
    timerEl.className = "timer" + (left <= 0 ? " over" : "") + (timerRunning ? "" : " paused");
  }
  if (timerEl) {
    setTimer({ set: timerEl.className.indexOf("hidden") < 0,
               running: timerEl.getAttribute("data-running") === "1",
               remaining: parseFloat(timerEl.getAttribute("data-remaining")) || 0 });
  }

  /* --- search (pairings by name or table, my page by name) --------------------------- */
  function wireSearch() {
    var box = document.getElementById("search");
    if (!box) { return; }
    function filter() {
      var q = box.value.toLowerCase().replace(/^\s+|\s+$/g, "");
      var rows = document.querySelectorAll("[data-search]"), shown = 0;
      for (var i = 0; i < rows.length; i++) {
        var row = rows[i];
        var hit = !q || row.getAttribute("data-search").indexOf(q) >= 0 ||
          row.getAttribute("data-table") === q;
        row.className = row.className.replace(/\s*hidden/g, "") + (hit ? "" : " hidden");
        if (hit) { shown++; }
      }
      var none = document.getElementById("nomatch");
      if (none) { none.className = shown ? "empty hidden" : "empty"; }
    }
    box.oninput = filter;
    box.onkeyup = filter;
    if (box.value) { filter(); }
  }
  wireSearch();

  /* --- live refresh: poll this page's version (it changes only when what this page shows
     changed), then fetch the page once and swap its <main> ---------------------------- */
  function busy() {
    var a = document.activeElement;
    if (a && (a.tagName === "INPUT" || a.tagName === "SELECT" || a.tagName === "TEXTAREA") &&
        a.id !== "search") { return true; }
    return !!document.querySelector("form[data-dirty]");
  }
  document.addEventListener("input", function (e) {
    var f = e.target && e.target.form;
    if (f && e.target.id !== "search") { f.setAttribute("data-dirty", "1"); }
  }, true);

  function refresh(newVersion) {
    get(location.pathname + location.search, function (html) {
      if (html === null) { return; }
      var doc = new DOMParser().parseFromString(html, "text/html");
      var main = doc.getElementById("live"), head = doc.querySelector("header .round");
      var q = document.getElementById("search");
      var query = q ? q.value : null;
      if (main) { document.getElementById("live").innerHTML = main.innerHTML; }
      var round = document.querySelector("header .round");
      if (head && round) { round.textContent = head.textContent; }
      version = newVersion;
      var box = document.getElementById("search");
      if (box && query !== null) { box.value = query; }
      wireSearch();
    });
  }

  function poll() {
    get("/api/version?page=" + encodeURIComponent(location.pathname), function (text) {
      if (text !== null) {
        lastOk = Date.now();
        var v = JSON.parse(text);
        skew = v.now * 1000 - Date.now();
        setTimer(v.timer);
        if (String(v.version) !== String(version) && !busy()) { refresh(String(v.version)); }
      }
      showFresh();
    });
  }
  setInterval(poll, POLL_MS);
  setInterval(function () { drawTimer(); showFresh(); }, 1000);

  /* --- projector: scroll the pairings slowly, then start over ------------------------- */
  if (body.className.indexOf("projector") >= 0) {
    var y = 0;
    setInterval(function () {
      var max = document.documentElement.scrollHeight - window.innerHeight;
      if (max <= 0) { return; }
      y = y >= max ? 0 : y + 2;
      window.scrollTo(0, y);
    }, 60);
  }
}());
