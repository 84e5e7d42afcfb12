/* tt event serve: live pages without a reload. Plain ES5 so that old phones run it. */
(function () {
  "use strict";
  var body = document.body;
  var version = body.getAttribute("data-version");
  /* the stage and round the page shows ("swiss:2"): a new pairing refreshes the page even
     while a form of the previous round is being filled in (that table is over) */
  var round = body.getAttribute("data-round");
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
    // the words in the page's language (base.html), {seconds} filled in here
    fresh.textContent = s < 6 ? fresh.getAttribute("data-live")
      : fresh.getAttribute("data-ago").replace("{seconds}", String(s));
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

  /* --- search: a player's line by name, or by table number (a whole number) -------- */
  // letters NFKD leaves whole, as tt_organizer/names.py spells them out
  var SPELLED = { "ø": "o", "đ": "d", "ð": "d", "ł": "l", "ħ": "h", "ı": "i", "æ": "ae",
                  "œ": "oe", "þ": "th", "ŀ": "l", "ß": "ss" };
  function wireSearch() {
    var box = document.getElementById("search");
    if (!box) { return; }
    function filter() {
      // folded as the server folds names (data-name): no case, no accents
      var q = box.value.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
                .replace(/[øđðłħıæœþŀß]/g, function (c) { return SPELLED[c]; })
                .replace(/\s+/g, " ").replace(/^\s+|\s+$/g, "");
      var byTable = /^[0-9]+$/.test(q);
      var rows = document.querySelectorAll("[data-name]"), shown = 0;
      for (var i = 0; i < rows.length; i++) {
        var row = rows[i];
        var hit = !q || (byTable ? row.getAttribute("data-table") === String(parseInt(q, 10))
                                 : row.getAttribute("data-name").indexOf(q) >= 0);
        row.className = row.className.replace(/\s*hidden/g, "") + (hit ? "" : " hidden");
        if (hit) { shown++; }
      }
      var none = document.getElementById("nomatch");
      if (none) { none.className = shown ? "empty hidden" : "empty"; }
    }
    box.oninput = function () {
      var hint = document.getElementById("suggest");  // the server's, for the last search
      if (hint) { hint.className = "empty hidden"; }
      filter();
    };
    box.onkeyup = filter;
    if (box.value) { filter(); }
  }
  wireSearch();

  /* --- report forms: a second tap clears a game detail; games the result does not have
         are put aside (kept, not sent) ------------------------------------------------ */
  function showGames(form) {
    var chosen = form.querySelector("input[name=result]:checked");
    var n = chosen ? parseInt(chosen.getAttribute("data-games"), 10) : 99;
    var games = form.querySelectorAll(".game[data-game]");
    for (var i = 0; i < games.length; i++) {
      var off = parseInt(games[i].getAttribute("data-game"), 10) > n;
      games[i].className = "game" + (off ? " hidden" : "");
      var inputs = games[i].querySelectorAll("input");
      for (var j = 0; j < inputs.length; j++) { inputs[j].disabled = off; }
    }
  }
  function wireForms() {
    var radios = document.querySelectorAll("input[data-toggle]");
    for (var i = 0; i < radios.length; i++) {
      radios[i].setAttribute("data-was", radios[i].checked ? "1" : "0");
      radios[i].onclick = function () {
        var group = this.form.querySelectorAll("input[name='" + this.name + "']");
        var was = this.getAttribute("data-was") === "1";
        for (var k = 0; k < group.length; k++) { group[k].setAttribute("data-was", "0"); }
        if (was) { this.checked = false; } else { this.setAttribute("data-was", "1"); }
      };
    }
    var forms = document.querySelectorAll("form");
    for (var f = 0; f < forms.length; f++) {
      if (forms[f].querySelector(".game[data-game]")) {
        forms[f].addEventListener("change", (function (form) {
          return function () { showGames(form); };
        }(forms[f])));
        showGames(forms[f]);
      }
    }
  }
  wireForms();

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

  function refresh(newVersion, newRound) {
    get(location.pathname + location.search, function (html) {
      /* not fetched: the page is not up to date, and says so (the freshness line ages) */
      if (html === null) { showFresh(); return; }
      lastOk = Date.now();
      if (newRound !== round) {
        var dirty = document.querySelectorAll("form[data-dirty]");
        for (var d = 0; d < dirty.length; d++) { dirty[d].removeAttribute("data-dirty"); }
      }
      var doc = new DOMParser().parseFromString(html, "text/html");
      var main = doc.getElementById("live"), head = doc.querySelector("header .round");
      var q = document.getElementById("search");
      var query = q ? q.value : null;
      /* what the reader had open or scrolled stays so: a console row, the projector list */
      var opened = [], open = document.querySelectorAll("details[id][open]");
      for (var i = 0; i < open.length; i++) { opened.push(open[i].id); }
      var list = document.getElementById("scroller"), top = list ? list.scrollTop : 0;
      if (main) { document.getElementById("live").innerHTML = main.innerHTML; }
      for (var j = 0; j < opened.length; j++) {
        var again = document.getElementById(opened[j]);
        if (again) { again.open = true; }
      }
      list = document.getElementById("scroller");
      if (list) { list.scrollTop = top; }
      var round = document.querySelector("header .round");
      if (head && round) { round.textContent = head.textContent; }
      version = newVersion;
      round = newRound;
      body.setAttribute("data-round", newRound);
      var box = document.getElementById("search");
      if (box && query !== null) { box.value = query; }
      wireSearch();
      wireForms();
    });
  }

  function poll() {
    get("/api/version?page=" + encodeURIComponent(location.pathname), function (text) {
      if (text !== null) {
        var v = JSON.parse(text);
        skew = v.now * 1000 - Date.now();
        setTimer(v.timer);
        var newRound = String(v.round);
        if (String(v.version) === String(version)) {
          lastOk = Date.now();  /* the page shows what the server has */
        } else if (round && newRound !== String(round)) {
          refresh(String(v.version), newRound);  /* a new round: whatever was being typed */
        } else if (!busy()) {
          refresh(String(v.version), newRound);
        } else {
          lastOk = Date.now();  /* a form being filled in waits; the rest is current */
        }
      }
      showFresh();
    });
  }
  setInterval(poll, POLL_MS);
  setInterval(function () { drawTimer(); showFresh(); }, 1000);

  /* --- projector: the list scrolls slowly inside its own region (the header with the
         round and the timer stays), rests at either end, then starts over ------------- */
  var scroller = document.getElementById("scroller");
  if (scroller && body.className.indexOf("projector") >= 0) {
    var rest = 0;
    setInterval(function () {
      var box = document.getElementById("scroller");
      var max = box.scrollHeight - box.clientHeight;
      if (max <= 0) { return; }
      if (rest > 0) { rest--; return; }
      if (box.scrollTop >= max - 1) { box.scrollTop = 0; rest = 60; return; }
      box.scrollTop = box.scrollTop + 1;
      if (box.scrollTop >= max - 1) { rest = 60; }
    }, 30);
  }
}());
