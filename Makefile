# gamelab: two commands for a fresh machine, `make lab` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
# Two stamps: LAB_STAMP is what students need (the `course` extra, `make lab`),
# STAMP adds the test, benchmark and book tools (`make test` and the rest).
LAB_STAMP := $(VENV)/.gamelab-course
STAMP  := $(VENV)/.gamelab-installed

# The live site's build tools live in a venv of their own (JupyterLite pins its own stack).
LITE_VENV  := .venv-lite
LITE_STAMP := $(LITE_VENV)/.gamelab-lite
# `LANG=zh_CN` selects the Chinese edition (any other LANG, as the locale's, means English).
LANG_FLAG = $(if $(filter zh_CN,$(LANG)),--lang zh_CN,)

PYTEST_NBVAL := --nbval --nbval-current-env --nbval-sanitize-with notebooks/sanitize.cfg
PYTEST_DOCTEST := --doctest-modules --doctest-glob=README.md
NOTEBOOK_FILES := $(wildcard notebooks/*.ipynb notebooks/templates/*.ipynb)
# Workers of a parallel run: one per core and one more, since a worker often waits on a
# browser, a kernel or a server it started (`make test JOBS=1`: one process, no workers).
JOBS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) + 1 )))
XDIST = $(if $(filter 1,$(JOBS)),,-n $(JOBS) --dist loadgroup)

.PHONY: lab test check unit nbval browser notebooks screenshots bench install clean book student slides \
        handouts solutions grade lite test-lite notebooks-zh

$(LAB_STAMP): pyproject.toml tools/lab/overrides.json
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[course]'
	$(PY) -m ipykernel install --sys-prefix --name python3 --display-name "Python 3" >/dev/null
	mkdir -p $(VENV)/share/jupyter/lab/settings
	cp tools/lab/overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json
	touch $(LAB_STAMP)

$(STAMP): $(LAB_STAMP)
	$(PY) -m pip install --quiet -e '.[course,test,bench,book,fast,census]'
	touch $(STAMP)

$(LITE_STAMP): tools/lite/requirements.txt
	test -x $(LITE_VENV)/bin/python || $(PYTHON) -m venv $(LITE_VENV)
	$(LITE_VENV)/bin/python -m pip install --quiet --require-hashes --no-deps -r tools/lite/requirements.txt
	touch $(LITE_STAMP)

install: $(STAMP) $(LITE_STAMP)

lab: $(LAB_STAMP)
	$(VENV)/bin/jupyter lab --notebook-dir=notebooks --LabApp.default_url=/lab/tree/course_map.ipynb $(if $(filter 0,$(shell id -u)),--allow-root,)

## Every test in one run on every core (pytest-xdist; JOBS=1 runs them in one process): unit
## tests, doctests, every notebook under nbval, the browser and build tests where Chromium exists.
## The tests that must share a worker (a notebook's cells, a lecture in the browser, a built
## site) are grouped with `xdist_group` marks (conftest.py).
test: $(STAMP) $(LITE_STAMP)
	$(PY) -m pytest $(XDIST) tests gamelab README.md $(NOTEBOOK_FILES) $(PYTEST_DOCTEST) $(PYTEST_NBVAL)

## The inner loop, in a few minutes: the unit tests and doctests not marked slow or browser,
## and the notebooks' structure and hygiene (no notebook executed).
check: $(STAMP)
	$(PY) -m pytest $(XDIST) tests gamelab README.md $(PYTEST_DOCTEST) -m "not slow and not browser"

unit: $(STAMP)
	$(PY) -m pytest $(XDIST) tests gamelab README.md $(PYTEST_DOCTEST) -m "not browser"

nbval: $(STAMP)
	$(PY) -m pytest $(XDIST) $(NOTEBOOK_FILES) $(PYTEST_NBVAL)

## The lectures in JupyterLab in headless Chromium (apt-get install chromium), and the spec check.
browser: $(STAMP)
	$(PY) -m pytest $(XDIST) tests/browser

## Re-execute every notebook in place from a fresh kernel (no timings, no widget state).
notebooks: $(STAMP)
	$(PY) tools/run_notebooks.py notebooks/*.ipynb

## The notebooks in Chinese: build/zh/notebooks, the markdown from locales/zh_CN (every
## translation complete, or the build stops), executed from a fresh kernel.
notebooks-zh: $(STAMP)
	$(PY) tools/i18n.py notebooks --lang zh_CN

## One 1280x720 PNG of every lecture's main explorer, a book page and a slide, in docs/ (needs Chromium).
screenshots: $(STAMP)
	GAMELAB_SCREENSHOTS=docs $(PY) -m pytest tests/browser tests/tools/test_book.py tests/tools/test_slides.py -m browser -k screenshot

bench: $(STAMP)
	$(PY) benchmarks/run.py

## The course live in the browser, nothing to install: build/lite/, a JupyterLite site whose
## Python (Pyodide) runs in the page, every file served by the site itself (needs npm to build).
## Serve it with `python3 -m http.server -d build/lite` and open /lab/index.html?path=course_map.ipynb.
## `make lite STUDENT=1`: the student edition (build/lite-student/); LANG=zh_CN: in Chinese.
lite: $(STAMP) $(LITE_STAMP)
	$(PY) tools/lite/build.py $(if $(filter 1,$(STUDENT)),--student,) $(LANG_FLAG)

## Every lecture and the course map run live in Chromium (CI runs five of them in `make test`).
test-lite: $(STAMP) $(LITE_STAMP)
	GAMELAB_LITE_ALL=1 $(PY) -m pytest tests/browser/test_lite.py

## The course as a static website: build/book/index.html, with the live site in build/book/live
## (needs npm); `make book STUDENT=1`: the student book (and student live site) in
## build/book-student/; LANG=zh_CN: the Chinese book in build/book-zh/; NO_LIVE=1 skips the live site.
book: $(STAMP) $(if $(filter 1,$(NO_LIVE)),,$(LITE_STAMP))
	$(PY) tools/book/build.py $(if $(filter 1,$(STUDENT)),--student,) $(LANG_FLAG) $(if $(filter 1,$(NO_LIVE)),--no-live,)

## The student edition: build/student/notebooks and build/student/gamelab-student.zip to hand
## out (the notebooks without solutions, a START file, and gamelab as a wheel whose checks
## hold hashes, not answers); EXERCISES="my_exercises.py ..." seals a lecturer's own exercises in.
## LANG=zh_CN: the Chinese edition, from build/zh/notebooks (`make notebooks-zh`), in build/zh/student.
student: $(LAB_STAMP)
	$(PY) tools/student.py $(LANG_FLAG) $(if $(EXERCISES),--exercises $(EXERCISES),)

## An exercise sheet per lecture, as PDF: build/handouts/NN_*.pdf (needs Chromium).
handouts: $(STAMP)
	$(PY) tools/handouts.py $(LANG_FLAG)

## The solutions of some lectures, to release to a class after the deadline: make solutions
## LECTURES="05 06" (numbers or names; every lecture without LECTURES) writes build/solutions/:
## each lecture's teacher notebook, its page to read (HTML, from the executed copy the book
## uses, nothing loaded from elsewhere) and index.html linking them.
solutions: $(STAMP)
	$(PY) tools/solutions.py $(if $(LECTURES),--lectures $(LECTURES),)

## Mark a folder of submitted notebooks: make grade SUBMISSIONS=dir/ [OUT=build/grades] [JOBS=2]
## [SECRET=~/course.secret] [VARY=student|run] [POINTS=points.csv] [BY_HAND=marked.csv]
## [DEADLINE="2026-12-10 23:59+08:00"]: each notebook in its own bubblewrap sandbox; writes
## gradebook.csv, summary.csv, summary.md, by_hand.csv, similarity.csv, the feedback files and
## moodle.csv / canvas.csv (gamelab-grade --help for the rest).
grade: $(STAMP)
	@test -n "$(SUBMISSIONS)" || { echo "usage: make grade SUBMISSIONS=dir/ [OUT=build/grades]"; exit 2; }
	$(VENV)/bin/gamelab-grade "$(SUBMISSIONS)" --out "$(or $(OUT),build/grades)" $(if $(filter command line environment,$(origin JOBS)),--jobs $(JOBS),) \
	    $(if $(SECRET),--secret "$(SECRET)",) $(if $(VARY),--vary $(VARY),) \
	    $(if $(POINTS),--points "$(POINTS)",) $(if $(BY_HAND),--by-hand "$(BY_HAND)",) $(if $(DEADLINE),--deadline "$(DEADLINE)",)

## A reveal.js deck per lecture: build/slides/NN_*.slides.html for the lecturer (speaker notes
## with the solutions) and build/slides/share/ for students (no notes, no solutions);
## LANG=zh_CN: the decks of build/zh/notebooks (`make notebooks-zh`) in build/zh/slides.
slides: $(STAMP)
	$(PY) tools/slides.py $(LANG_FLAG)

clean:
	rm -rf $(VENV) $(LITE_VENV) .pytest_cache .hypothesis
