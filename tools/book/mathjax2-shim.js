// The ipywidgets embedder typesets widget labels with MathJax 2's API
// (MathJax.Hub.Queue); the book serves MathJax 3.  Forward those calls.
(function () {
  var mj = window.MathJax;
  if (!mj || mj.Hub || !mj.startup) { return; }
  mj.Hub = {
    Queue: function () {
      var elements = [];
      for (var i = 0; i < arguments.length; i++) {
        var job = arguments[i];
        if (Array.isArray(job) && job[0] === "Typeset" && job[2]) { elements.push(job[2]); }
      }
      mj.startup.promise.then(function () {
        return mj.typesetPromise(elements.length ? elements : undefined);
      }).catch(function (err) { console.warn("MathJax typeset:", err); });
    }
  };
})();
