#!/usr/bin/python3
"""The web pages in a real browser: headless Chromium (Debian's chromium and
chromium-driver, driven by python3-selenium) against a real coordinator whose
real workers play an SPRT test while the pages are open.

  dashboard_test.py BUILD_DIR BOOKS_DIR SCREENSHOT_DIR

Checks: the list shows the test, its cards count cores and games at once
apart, and its games-per-minute rate is steady; the test's page shows the LLR
bar, drawn charts and a filled per-worker table; a new report changes the
numbers on the open page without a reload, and never wipes what is being
typed; two people log in with their accounts: the user creates a test from
the form (a mistake shown beside its field first), it waits for approval, he
may stop it but not approve it nor touch another's test (the server refuses
him too, even with the CSRF token), and the approver approves it from its
page, clones another with changes, purges a worker and stops it; a wrong
password is refused; an admin makes, promotes and disables accounts on the
accounts page, which a non-admin is refused; a finished test's page opens no event stream and shows no
"null"; pages for missing tests and paths say so; the SPRT calculator's LLR
equals judkins-worker sprt's; no page logs a console error. A screenshot of each page is kept in
SCREENSHOT_DIR. Every process it starts is stopped, even when a check fails.
"""

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service as ChromeService
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

BUILD, BOOKS, SCREENSHOTS = (os.path.abspath(arg) for arg in sys.argv[1:4])
del sys.argv[1:4]
SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the checkout the engine was built from
WAIT_SECONDS = 60  # the longest any one condition may take
# Two people: an approver and a user whose tests wait for one.
PASSWORDS = {"vera": "vera's long password", "bob": "bob's long password"}


class Cluster:
    """A coordinator and two workers on loopback, in a scratch directory."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="judkins-web-")
        self.processes = []
        self.admin_token = "web-test-admin-token-000001"
        for name, token in (("worker.token", "web-test-worker-token-00001"), ("admin.token", self.admin_token)):
            with open(os.path.join(self.dir, name), "w") as f:
                f.write(token)
        ports = os.path.join(self.dir, "ports")
        self.start([f"{BUILD}/coordinator/judkins-coordinator", "--data-dir", f"{self.dir}/coordinator",
                    "--listen", "127.0.0.1:0", "--metrics-listen=", "--http-listen", "127.0.0.1:0",
                    "--port-file", ports, "--batch-seconds", "2",
                    "--worker-token-file", f"{self.dir}/worker.token",
                    "--admin-token-file", f"{self.dir}/admin.token"], "coordinator")
        deadline = time.time() + 20
        while not os.path.exists(ports) and time.time() < deadline:
            time.sleep(0.05)
        with open(ports) as f:
            grpc_port, _, http_port = f.read().split()
        self.grpc = f"127.0.0.1:{grpc_port}"
        self.url = f"http://127.0.0.1:{http_port}"

    def start(self, argv, log, env=None):
        with open(os.path.join(self.dir, log + ".log"), "w") as err:
            self.processes.append(subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=err, env=env,
                                                   start_new_session=True))

    def judkins(self, *args, account=None):
        """The CLI with the admin token, or as `account` with the token its `judkins login` saved."""
        env = {k: v for k, v in os.environ.items() if k != "JUDKINS_ADMIN_TOKEN"}
        env["JUDKINS_SERVER"] = self.grpc
        if account:
            env["JUDKINS_TOKEN_FILE"] = os.path.join(self.dir, f"{account}.token")
        else:
            env["JUDKINS_ADMIN_TOKEN"] = self.admin_token
        return subprocess.run([f"{BUILD}/cli/judkins", *args], env=env, check=True, capture_output=True,
                              text=True).stdout.strip()

    def add_account(self, name, role):
        """An account made with the admin token, logged in on the command line (its token saved)."""
        password = os.path.join(self.dir, f"{name}.password")
        with open(password, "w") as f:
            f.write(PASSWORDS[name])
        self.judkins("account", "create", name, "--role", role, "--password-file", password)
        self.judkins("login", name, "--password-file", password, account=name)

    def start_workers(self, count):
        env = {k: v for k, v in os.environ.items() if k != "JUDKINS_ADMIN_TOKEN"}
        for n in range(1, count + 1):
            self.start([f"{BUILD}/worker/judkins-worker", "run", "--coordinator", self.grpc,
                        "--token-file", f"{self.dir}/worker.token", "--concurrency", "1",
                        "--cache", f"{self.dir}/worker-{n}", "--books", BOOKS, "--name", f"worker-{n}",
                        "--metrics-listen=", "--speed-engine", f"{BUILD}/engine/judkins-engine"],
                       f"worker-{n}", env)

    def stop(self):
        for process in reversed(self.processes):
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


def post(url, fields, cookie=None):
    """A form POST without a browser; the HTTP status it gets."""
    request = urllib.request.Request(url, data=urllib.parse.urlencode(fields).encode(), method="POST")
    if cookie:
        request.add_header("Cookie", cookie)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


class DashboardTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        os.makedirs(SCREENSHOTS, exist_ok=True)
        cls.cluster = Cluster()
        try:
            engine = cls.cluster.judkins("engine", "upload", f"{BUILD}/engine/judkins-engine",
                                         "--checkout", SOURCE, "--build-command", "scripts/build")
            # The same engine on both sides: the SPRT runs on while the pages are checked.
            cls.test_id = cls.cluster.judkins("test", "create", "--dev", f"sha={engine}", "name=dev-quiescence",
                                              "--base", f"sha={engine}", "name=base", "--nodes", "300",
                                              "--sprt", "elo0=0", "elo1=5")
            cls.cluster.add_account("vera", "approver")
            cls.cluster.add_account("bob", "user")
            cls.engine = engine
            cls.cluster.start_workers(2)
            options = webdriver.ChromeOptions()
            for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1000"):
                options.add_argument(argument)
            options.binary_location = "/usr/bin/chromium"
            options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
            cls.browser = webdriver.Chrome(service=ChromeService("/usr/bin/chromedriver"), options=options)
            # Every page counts the event streams it opens (window.streamsOpened).
            cls.browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
                window.streamsOpened = 0;
                const Original = window.EventSource;
                window.EventSource = function (...args) { window.streamsOpened += 1; return new Original(...args); };
                window.EventSource.CLOSED = Original.CLOSED;
            """})
        except BaseException:
            cls.cluster.stop()
            raise

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()
        cls.cluster.stop()

    def wait(self, condition, what):
        try:
            # The pages redraw when an event arrives: an element found a moment
            # ago may be gone; the condition is then simply tried again.
            return WebDriverWait(self.browser, WAIT_SECONDS, poll_frequency=0.2,
                                 ignored_exceptions=(StaleElementReferenceException,)).until(lambda _: condition())
        except Exception:
            self.fail(f"timed out waiting for {what}")

    def open(self, path):
        self.browser.get(self.cluster.url + path)

    def assertNoConsoleErrors(self, page, expected=()):
        """No error in the console since the last look, but those whose message holds one of `expected`."""
        errors = [entry for entry in self.browser.get_log("browser") if entry["level"] == "SEVERE"
                  and not any(text in entry["message"] for text in expected)]
        self.assertEqual(errors, [], f"console errors on {page}: {[e['message'] for e in errors]}")

    def games_shown(self):
        """The games the open test page shows (-1 before it is drawn), read in one step."""
        return int(self.browser.execute_script(
            'const games = document.getElementById("games"); return games ? games.textContent : "-1"'))

    def test_1_the_list_shows_the_test(self):
        self.open("/")
        link = self.wait(lambda: self.browser.find_elements(By.LINK_TEXT, f"#{self.test_id}"), "the test's row")
        self.assertTrue(link)
        self.assertIn("dev-quiescence vs base", self.browser.find_element(By.TAG_NAME, "main").text)
        # Verdicts at a glance: how each way of ending is badged.
        verdicts = self.browser.execute_script(
            "const t = (state, stats, spec) => { const v = verdict({state, stats, spec}); return v && v.class; };"
            "return [t('TEST_STATE_FINISHED', {sprt: {}, state: 'accepted'}, {}),"
            "        t('TEST_STATE_FINISHED', {sprt: {}, state: 'rejected'}, {}),"
            "        t('TEST_STATE_FINISHED', {}, {fixedPairs: '4'}), t('TEST_STATE_STOPPED', {}, {}),"
            "        t('TEST_STATE_RUNNING', {}, {})];")
        self.assertEqual(verdicts, ["verdict-good", "verdict-bad", "verdict-neutral", "verdict-stopped", None])
        # Two builds of one repository: the diff between them, linked when the host has a web view.
        diff = self.browser.execute_script(
            "const side = (commit) => ({repository: 'https://github.com/o/engine.git', commit});"
            "const line = diffLine(side('a'.repeat(40)), side('b'.repeat(40)));"
            "return [line.textContent, line.querySelector('a').href, diffLine(side('a'.repeat(40)), side('a'.repeat(40)))];")
        self.assertIn("git diff aaaaaaaaaaaa..bbbbbbbbbbbb", diff[0])
        self.assertEqual(diff[1], f"https://github.com/o/engine/compare/{'a' * 40}...{'b' * 40}")
        self.assertIsNone(diff[2])
        self.wait(lambda: self.browser.find_element(By.ID, "card-workers").text == "2", "two workers counted")
        # Cores are the machines' cores; games at once, the workers' slots.
        # (Each card read in one step: the list redraws as reports come in.)
        card = lambda name: self.browser.execute_script(
            f'const card = document.getElementById("card-{name}"); return card ? card.textContent : null')
        self.assertEqual(card("cores"), str(2 * os.cpu_count()))
        self.assertEqual(card("slots"), "2")
        # The rate is taken over half a minute and more, not between two
        # redraws a second apart (0, then a burst, then 0 again).
        rate = lambda: card("rate")
        self.wait(lambda: rate() not in (None, "—"), "a games-per-minute rate")
        seen = []
        for _ in range(8):
            seen.append(rate())
            time.sleep(1)
        self.assertNotIn("0", seen, f"games per minute while games are played: {seen}")
        self.browser.save_screenshot(f"{SCREENSHOTS}/index.png")
        self.assertNoConsoleErrors("/")
        # The variant has a column and a filter: this Judkins test is not a shogi one.
        # (The row is read in one step too: a redraw between finding it and
        # reading its cells would leave a stale element.)
        cells = self.browser.execute_script(
            'const link = [...document.querySelectorAll("a")].find((a) => a.textContent === arguments[0]);'
            ' const row = link ? link.closest("tr") : null;'
            ' return row ? [...row.querySelectorAll("td")].map((td) => td.textContent.trim()) : null',
            f"#{self.test_id}")
        self.assertIn("judkins", cells or [])
        choices = [o.get_attribute("value") for o in Select(self.browser.find_element(By.NAME, "variant")).options]
        self.assertEqual(choices, ["", "judkins", "shogi", "minishogi"])
        # The filters outlive the redraws: what someone is typing stays put
        # while reports come in (a redraw is seen when the results change).
        typing = self.browser.find_element(By.NAME, "q")
        typing.send_keys("dev-q")
        self.browser.execute_script('document.getElementById("results").firstChild.dataset.before = "yes"')
        self.wait(lambda: self.browser.execute_script('return !document.querySelector("#results [data-before]")'),
                  "a redraw of the results")
        self.assertEqual(typing.get_attribute("value"), "dev-q")
        typing.clear()
        # What the filter asks (another page open would hold one more event
        # stream until its keep-alive finds it closed).
        total = lambda variant: self.browser.execute_script(
            "return fetch(arguments[0]).then((r) => r.json()).then((page) => page.total)",
            f"/api/v1/tests?variant={variant}")
        self.assertEqual(total("shogi"), "0")
        self.assertEqual(total("judkins"), "1")

    def test_2_the_test_page_shows_bar_charts_and_workers(self):
        self.open(f"/tests/{self.test_id}")
        self.wait(lambda: self.games_shown() > 0, "counted games")
        self.assertTrue(self.browser.find_elements(By.CSS_SELECTOR, "#llr .llr .fill"))
        # Both charts drawn: polylines with points, once two reports are in.
        self.wait(lambda: all(len(line.get_attribute("points").split()) >= 2
                              for line in self.browser.find_elements(By.CSS_SELECTOR, "svg.chart polyline"))
                  and len(self.browser.find_elements(By.CSS_SELECTOR, "svg.chart polyline")) == 2, "two charts drawn")
        # Each chart has ticks and a zero line, and says the value under the pointer.
        self.assertGreaterEqual(len(self.browser.find_elements(By.CSS_SELECTOR, "svg.chart line.grid")), 4)
        self.assertTrue(self.browser.find_elements(By.CSS_SELECTOR, "svg.chart line.zero"))
        readout = self.browser.execute_script(
            "const chart = document.querySelector('svg.chart'); const box = chart.getBoundingClientRect();"
            "chart.dispatchEvent(new MouseEvent('mousemove', {clientX: box.left + box.width * 0.9,"
            " clientY: box.top + box.height / 2}));"
            "return chart.querySelector('text.readout').textContent;")
        self.assertRegex(readout, r"^\d+ games: -?\d+\.\d\d")
        self.assertTrue(self.browser.find_elements(By.ID, "time-left") or self.state_shown() != "running")
        rows = lambda: self.browser.find_elements(By.CSS_SELECTOR, "#workers tbody tr")
        self.wait(lambda: any("worker-" in row.text for row in rows()), "the per-worker table")
        # Where the engine was built: the checkout's commit and the build command, on both sides.
        commit = subprocess.run(["git", "-C", SOURCE, "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
        box = self.text_of("result-box")
        self.assertIn("LLR:", box)
        self.assertIn("Ptnml(0-2):", box)
        spec = self.text_of("spec")
        self.assertIn(commit[:12], spec)
        self.assertIn("scripts/build", spec)
        # Results by colour add up to the games; each engine's endings are listed.
        by_colour = lambda: sum(int(cell.text) for cell in
                                self.browser.find_elements(By.CSS_SELECTOR, "#by-colour tbody td"))
        self.wait(lambda: by_colour() == self.games_shown() > 0, "results by colour adding up to the games")
        for side in ("dev", "base"):
            endings = lambda: [row.text for row in self.browser.find_elements(By.CSS_SELECTOR, f"#endings-{side} tbody tr")]
            self.wait(lambda: endings() and "none" not in endings(), f"how {side}'s games ended")
        self.browser.save_screenshot(f"{SCREENSHOTS}/test.png")
        self.assertNoConsoleErrors("the test page")
        # The records: every game as CSA from a link, one game as KIF from a form.
        fetch = lambda url: self.browser.execute_script("return fetch(arguments[0]).then((r) => r.text())", url)
        csa = fetch(self.browser.find_element(By.ID, "records-csa").get_attribute("href"))
        self.assertTrue(csa.startswith("'CSA encoding=UTF-8\nV3.0\n"), csa[:200])
        form = self.browser.find_element(By.ID, "records-one")
        self.assertEqual(form.find_element(By.NAME, "format").get_attribute("value"), "kif")
        kif = fetch(form.get_attribute("action") + "?format=kif&game=1")
        self.assertIn("手数----指手---------消費時間--", kif)
        # The form outlives the redraws: a game number being typed stays put
        # (a redraw is seen when a mark left on the cards is gone).
        game = form.find_element(By.NAME, "game")
        game.clear()
        game.send_keys("2")
        self.browser.execute_script('document.querySelector(".cards").dataset.before = "yes"')
        self.wait(lambda: self.browser.execute_script('return !document.querySelector(".cards[data-before]")'),
                  "a redraw of the test page")
        self.assertEqual(game.get_attribute("value"), "2")
        # The game viewer: that game replayed on a 6x6 board, a frame per move.
        self.click("#view-game", "the view button")
        self.wait(lambda: self.browser.current_url.endswith(f"/tests/{self.test_id}/games/2"), "the game viewer")
        self.wait(lambda: len(self.browser.find_elements(By.CSS_SELECTOR, "#board .cell")) == 36, "the board")
        self.assertTrue(self.text_of("ply").startswith("after move"), self.text_of("ply"))
        self.assertTrue(self.browser.find_elements(By.CSS_SELECTOR, "#board .cell.last"))
        at_end = self.text_of("board")
        self.click("#first", "the first-position button")
        self.wait(lambda: (self.text_of("ply") or "").startswith("start,"), "the start position")
        self.assertNotEqual(self.text_of("board"), at_end)
        self.click("#forward", "the forward button")
        self.wait(lambda: (self.text_of("ply") or "").startswith("after move 1 "), "the first move")
        self.browser.save_screenshot(f"{SCREENSHOTS}/game.png")
        # An ending on the test page opens the first game that ended so.
        self.open(f"/tests/{self.test_id}")
        self.click("#endings-dev tbody a", "an ending's link")
        self.wait(lambda: "/games/first?ending=TERMINATION_" in self.browser.current_url, "the ending's game")
        self.wait(lambda: len(self.browser.find_elements(By.CSS_SELECTOR, "#board .cell")) == 36, "its board")
        self.assertNoConsoleErrors("the game viewer")

    def test_3_a_report_changes_the_open_page_without_a_reload(self):
        self.open(f"/tests/{self.test_id}")
        self.wait(lambda: self.games_shown() >= 0, "the test page")
        self.browser.execute_script("window.notReloaded = true")
        before = self.games_shown()
        self.wait(lambda: self.games_shown() > before, "more games on the open page")
        self.assertTrue(self.browser.execute_script("return window.notReloaded === true"))

    def test_4_the_calculator_agrees_with_the_sprt_command(self):
        self.open("/sprt")
        shown = self.wait(lambda: self.browser.find_elements(By.ID, "llr-value"), "the calculator's LLR")[0].text
        command = subprocess.run([f"{BUILD}/worker/judkins-worker", "sprt", "--pentanomial", "10,20,40,25,12",
                                  "--elo0", "0", "--elo1", "5", "--json"], check=True, capture_output=True, text=True)
        self.assertEqual(shown, f"{json.loads(command.stdout)['llr']:.3f}")
        self.assertEqual(len(self.browser.find_elements(By.CSS_SELECTOR, "#sprt-curves svg.chart polyline")), 2)
        self.browser.save_screenshot(f"{SCREENSHOTS}/sprt.png")
        self.open("/workers")
        self.wait(lambda: "worker-2" in self.browser.find_element(By.TAG_NAME, "main").text, "the workers")
        self.browser.save_screenshot(f"{SCREENSHOTS}/workers.png")
        self.assertNoConsoleErrors("/sprt and /workers")

    def test_5_phone_width_and_dark_theme(self):
        self.browser.set_window_size(390, 844)
        try:
            self.open("/")
            self.wait(lambda: self.browser.find_elements(By.LINK_TEXT, f"#{self.test_id}"), "the list")
            self.assertLessEqual(self.browser.execute_script("return document.body.scrollWidth"),
                                 self.browser.execute_script("return window.innerWidth") + 1)
            # Secondary columns (owner, variant, time control, time left, W-D-L) are left out.
            headers = self.browser.execute_script(
                "return [...document.querySelectorAll('#results th')].filter((th) => th.offsetParent !== null)"
                ".map((th) => th.textContent)")
            self.assertNotIn("owner", headers)
            self.assertIn("LLR", headers)
            self.browser.save_screenshot(f"{SCREENSHOTS}/index-phone.png")
        finally:
            self.browser.set_window_size(1280, 1000)
        self.open(f"/tests/{self.test_id}")
        self.browser.find_element(By.ID, "theme").click()
        theme = self.browser.execute_script("return document.documentElement.dataset.theme")
        if theme != "dark":
            self.browser.find_element(By.ID, "theme").click()
        self.assertEqual(self.browser.execute_script("return document.documentElement.dataset.theme"), "dark")
        self.wait(lambda: self.games_shown() >= 0, "the test page")
        self.browser.save_screenshot(f"{SCREENSHOTS}/test-dark.png")

    def log_in(self, name, password, then):
        self.open(f"/login?next={then}")
        form = self.wait(lambda: self.browser.find_elements(By.ID, "login-form"), "the login form")[0]
        form.find_element(By.NAME, "name").send_keys(name)
        form.find_element(By.NAME, "password").send_keys(password)
        form.find_element(By.TAG_NAME, "button").click()

    def log_out(self):
        self.browser.find_element(By.CSS_SELECTOR, 'form[action="/logout"] button').click()
        self.wait(lambda: self.browser.find_elements(By.LINK_TEXT, "Log in"), "the logged-out page")

    def click(self, selector, what):
        """Found and clicked in one step: the page may redraw between two."""
        self.wait(lambda: self.browser.execute_script(
            "const b = document.querySelector(arguments[0]); if (b) b.click(); return b !== null;", selector), what)

    def text_of(self, id):
        """An element's text, read in one step (the page may redraw between two)."""
        return self.browser.execute_script("const e = document.getElementById(arguments[0]); return e && e.textContent;", id)

    def state_shown(self):
        return self.browser.execute_script('const s = document.getElementById("state"); return s && s.textContent;')

    def fill_form(self, selector, values):
        """Sets a form's fields by name (radio groups too), in one step."""
        self.browser.execute_script(
            "const form = document.querySelector(arguments[0]);"
            "for (const [name, value] of Object.entries(arguments[1])) form.elements[name].value = value;",
            selector, values)

    def fill(self, values):
        self.fill_form("#create-form", values)

    def submit_form(self):
        self.click("#create-form button[type=submit]", "the create button")

    def test_6_two_people_create_approve_clone_and_stop_tests_as_their_roles_allow(self):
        stop = f"{self.cluster.url}/tests/{self.test_id}/stop"
        self.assertEqual(post(stop, {"csrf": "x"}), 401)
        # A wrong password is refused on the login page.
        self.log_in("bob", "not bob's password", "/tests/new")
        self.wait(lambda: self.browser.find_elements(By.ID, "login-error"), "the refusal")
        # Bob, a user, creates a test from the form; a mistake is shown beside its field.
        self.log_in("bob", PASSWORDS["bob"], "/tests/new")
        self.wait(lambda: self.browser.find_elements(By.ID, "create-form"), "the new test form")
        self.fill({"dev-name": "bobs-idea", "tc-kind": "nodes", "tc": "300", "kind": "sprt", "elo0": "3", "elo1": "3"})
        self.submit_form()
        mistake = self.wait(lambda: self.browser.find_elements(By.CSS_SELECTOR, "#create-form .field-error"),
                            "the error beside its field")[0]
        self.assertIn("spec.sprt.elo", mistake.text)
        self.browser.save_screenshot(f"{SCREENSHOTS}/create.png")
        self.fill({"kind": "fixed", "pairs": "4"})
        self.submit_form()
        self.wait(lambda: re.search(r"/tests/\d+$", self.browser.current_url), "bob's new test's page")
        bobs = self.browser.current_url.rsplit("/", 1)[1]
        self.wait(lambda: self.state_shown() == "awaiting approval", "bob's test awaiting approval")
        # His personal token sees it on the command line too.
        self.assertIn("awaiting_approval", self.cluster.judkins("test", "list", account="bob"))
        # "my tests" lists his alone, under "Awaiting approval".
        self.open("/")
        self.click("#mine", "the my tests link")
        self.wait(lambda: self.browser.current_url.endswith("?owner=bob"), "bob's list")
        self.wait(lambda: self.browser.find_elements(By.LINK_TEXT, f"#{bobs}"), "bob's test in his list")
        self.assertFalse(self.browser.find_elements(By.LINK_TEXT, f"#{self.test_id}"))
        self.assertIn("Awaiting approval (1)", self.text_of("results"))
        self.open(f"/tests/{bobs}")
        self.wait(lambda: self.state_shown() == "awaiting approval", "bob's test page again")
        self.assertEqual(self.browser.find_element(By.ID, "me").text, "bob (user)")
        self.assertEqual(self.text_of("owner"), "by bob")
        self.wait(lambda: self.browser.find_elements(By.CSS_SELECTOR, 'form[action$="/stop"]'), "bob's stop button")
        self.assertFalse(self.browser.find_elements(By.CSS_SELECTOR, 'form[action$="/approve"]'))
        session = self.browser.get_cookie("judkins_session")
        self.assertTrue(session and session["httpOnly"] and session["sameSite"] == "Strict")
        cookie = f"judkins_session={session['value']}"
        csrf = self.browser.execute_script('return document.querySelector(\'meta[name="csrf"]\').content')
        # The admin's test is not his: no buttons, and the server refuses him even with the CSRF token.
        self.open(f"/tests/{self.test_id}")
        self.wait(lambda: self.games_shown() >= 0, "the admin's test page")
        self.assertFalse(self.browser.find_elements(By.ID, "actions"))
        self.assertEqual(post(stop, {"csrf": csrf}, cookie), 403)
        self.assertEqual(post(stop, {}, cookie), 403)
        self.assertEqual(post(f"{self.cluster.url}/tests/{bobs}/approve", {"csrf": csrf}, cookie), 403)
        self.assertNotIn("stopped", self.cluster.judkins("test", "show", self.test_id).lower())
        self.browser.save_screenshot(f"{SCREENSHOTS}/user.png")
        self.log_out()
        # Vera, an approver, lets bob's test in from its page.
        self.log_in("vera", PASSWORDS["vera"], f"/tests/{bobs}")
        self.wait(lambda: re.search(rf"/tests/{bobs}$", self.browser.current_url), "bob's test page for vera")
        self.click('form[action$="/approve"] button', "the approve button")
        self.wait(lambda: self.state_shown() in ("pending", "running", "finished"), "bob's test approved")
        self.wait(lambda: "approved vera (web, 127.0.0.1)" in self.browser.find_element(By.ID, "log").text,
                  "the approval in the events log")
        # She clones the admin's test with changes: hers goes straight to the queue.
        self.open(f"/tests/new?from={self.test_id}")
        form = self.wait(lambda: self.browser.find_elements(By.ID, "create-form"), "the clone form")[0]
        self.assertEqual(form.find_element(By.NAME, "dev-name").get_attribute("value"), "dev-quiescence")
        self.assertEqual(form.find_element(By.NAME, "tc").get_attribute("value"), "300")
        self.fill({"dev-name": "dev-clone", "kind": "fixed", "pairs": "2"})
        self.submit_form()
        self.wait(lambda: re.search(r"/tests/\d+$", self.browser.current_url)
                  and not self.browser.current_url.endswith(f"/{self.test_id}"), "the clone's page")
        self.wait(lambda: self.state_shown() in ("pending", "running", "finished"), "the clone queued")
        self.assertEqual(self.text_of("owner"), "by vera")
        self.browser.save_screenshot(f"{SCREENSHOTS}/clone.png")
        # What she types in the admin's test's priority field survives the live redraws.
        self.open(f"/tests/{self.test_id}")
        field = self.wait(lambda: self.browser.find_elements(By.NAME, "priority"), "the priority field")[0]
        field.clear()
        field.send_keys("123")
        before = self.games_shown()
        self.wait(lambda: self.games_shown() > before, "a redraw with more games")
        self.assertEqual(self.browser.find_element(By.NAME, "priority").get_attribute("value"), "123")
        self.assertNotIn("null", self.browser.find_element(By.TAG_NAME, "main").text)
        # She purges a worker from its row: its results leave the test, and the row says why.
        self.browser.execute_script(
            "const form = document.querySelector('form[action$=\"/exclude\"]');"
            "form.elements.reason.value = 'suspicious'; form.querySelector('button').click();")
        self.wait(lambda: "excluded by vera: suspicious" in (self.text_of("workers") or ""), "the purged worker")
        self.click('form[action$="/stop"] button', "the stop button")
        self.wait(lambda: self.state_shown() == "stopped", "the test stopped")
        shown = self.cluster.judkins("test", "show", self.test_id)
        self.assertIn("stopped by vera", shown)
        # The events log says who created, started and stopped it.
        log = lambda: self.browser.find_element(By.ID, "log").text
        self.wait(lambda: "stopped vera (web, 127.0.0.1)" in log(), "the stop in the events log")
        self.wait(lambda: "created admin (gRPC, ipv4:127.0.0.1:" in log(), "the creation in the events log")
        self.wait(lambda: re.search(r"started worker worker-\d \(#\d+\)", log()), "the start in the events log")
        # (The form's deliberate mistake was answered 400, which the console
        # reports; and after this many pages opened in a row a test's stream
        # may be refused with a 503 until the server sees the old ones closed,
        # and the page polls instead, as it is meant to.)
        self.assertNoConsoleErrors("the logins, the form, the approval and the stop",
                                   expected=("/tests/new - Failed to load resource: the server responded with a "
                                             "status of 400",
                                             "/events - Failed to load resource: the server responded with a "
                                             "status of 503"))

    def test_7_a_finished_tests_page_opens_no_stream_and_shows_no_null(self):
        self.open(f"/tests/{self.test_id}")
        self.wait(lambda: self.browser.find_elements(By.ID, "state")
                  and self.browser.find_element(By.ID, "state").text == "stopped", "the stopped test")
        time.sleep(4)  # a stream that ended used to be reopened every 3 s
        self.assertEqual(self.browser.execute_script("return window.streamsOpened"), 0)
        self.assertNotIn("null", self.browser.find_element(By.TAG_NAME, "main").text)
        self.open("/login")
        self.wait(lambda: self.browser.find_elements(By.ID, "login-form"), "the login page")
        self.assertNotIn("null", self.browser.find_element(By.TAG_NAME, "body").text)
        self.assertNoConsoleErrors("the finished test's page")

    def test_9_an_admin_manages_accounts_from_the_web(self):
        self.browser.get_log("browser")  # what test_8's missing pages logged, on purpose
        # The admin token's login (an admin): the accounts page lists vera and bob.
        self.open("/login?next=/accounts")
        self.browser.find_element(By.TAG_NAME, "summary").click()
        form = self.browser.find_element(By.ID, "token-form")
        form.find_element(By.NAME, "token").send_keys(self.cluster.admin_token)
        form.find_element(By.TAG_NAME, "button").click()
        self.wait(lambda: self.browser.find_elements(By.ID, "accounts"), "the accounts page")
        listed = self.text_of("accounts")
        self.assertIn("vera", listed)
        self.assertIn("bob", listed)
        # A new account, a role changed, an account disabled: the CLI sees each.
        self.fill_form('form[action="/accounts/new"]', {"name": "carol", "password": "carol's password", "role": "user"})
        self.click('form[action="/accounts/new"] button', "the create button")
        self.wait(lambda: "carol" in (self.text_of("accounts") or ""), "carol listed")
        self.browser.execute_script(
            "const row = [...document.querySelectorAll('#accounts tr')].find((r) => r.textContent.startsWith('bob'));"
            "const form = row.querySelector('select[name=role]').form; form.elements.role.value = 'approver';"
            "form.querySelector('button').click();")
        self.wait(lambda: "bob" in self.cluster.judkins("account", "list") and
                  re.search(r"bob\s+approver", self.cluster.judkins("account", "list")), "bob an approver")
        self.browser.execute_script(
            "const row = [...document.querySelectorAll('#accounts tr')].find((r) => r.textContent.startsWith('carol'));"
            "[...row.querySelectorAll('button')].find((b) => b.textContent === 'Disable').click();")
        self.wait(lambda: "carol (disabled)" in (self.text_of("accounts") or ""), "carol disabled")
        self.assertRegex(self.cluster.judkins("account", "list"), r"carol\s+user .*\(disabled\)")
        self.browser.save_screenshot(f"{SCREENSHOTS}/accounts.png")
        # A user's session gets no accounts list.
        self.log_out()
        self.log_in("vera", PASSWORDS["vera"], "/accounts")
        self.wait(lambda: self.browser.find_elements(By.ID, "accounts-error"), "the refusal")
        self.assertIn("only an admin may manage accounts", self.text_of("accounts-error"))
        self.assertNoConsoleErrors("the accounts page", expected=("/accounts/list - Failed to load resource: the server "
                                                                  "responded with a status of 403",))

    def test_8_missing_tests_and_paths_get_a_page_saying_so(self):
        for path, message in ((f"/tests/{int(self.test_id) + 100}", f"no test {int(self.test_id) + 100}"),
                              ("/nothing", "no such path: /nothing")):
            self.open(path)
            shown = self.wait(lambda: self.browser.find_elements(By.ID, "error-message"), f"the page for {path}")[0]
            self.assertEqual(shown.text, message)
            self.assertNotIn('"status"', self.browser.find_element(By.TAG_NAME, "body").text)


if __name__ == "__main__":
    unittest.main(verbosity=2)
