"""Fixtures for the browser tests: the built kifu binary serving a scratch store on
127.0.0.1:0 (its address read from its first line), a small JSON client for setting records
up, and Debian's Chromium driven by playwright (never a downloaded browser). Screenshots go to
target/browser-artifacts/ (or $KIFU_ARTIFACTS)."""

import json
import os
import pathlib
import subprocess
import tempfile
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
TARGET = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
KIFU = pathlib.Path(os.environ.get("KIFU_BIN", TARGET / "debug" / "kifu"))
CHROMIUM = os.environ.get("KIFU_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = pathlib.Path(os.environ.get("KIFU_ARTIFACTS", TARGET / "browser-artifacts"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class Server:
    """A running `kifu serve` and a JSON client for it."""

    def __init__(self, folder):
        self.log_path = pathlib.Path(folder) / "serve.log"
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [str(KIFU), "--store", str(pathlib.Path(folder) / "store.redb"), "serve", "--listen", "127.0.0.1:0"],
            stdout=subprocess.PIPE,
            stderr=self.log,
            text=True,
            env={k: v for k, v in os.environ.items() if k != "KIFU_STORE"},
        )
        line = self.process.stdout.readline().strip()
        assert line.startswith("listening on http://127.0.0.1:"), line
        self.base = line.removeprefix("listening on ")

    def call(self, path, body=None, token=None):
        """(status, JSON) of a request; POST when there is a body."""
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def create(self, **request):
        status, made = self.call("/v1/records", request)
        assert status == 201, made
        return made

    def play(self, record, token, *commands):
        status, answer = self.call(f"/v1/records/{record}/entries", {"commands": list(commands)}, token)
        assert status == 201, answer
        return answer

    def logged(self):
        self.log.flush()
        return self.log_path.read_text()

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


@pytest.fixture(scope="session")
def server():
    assert KIFU.exists(), f"no kifu binary at {KIFU}: build it with cargo build -p kifu"
    with tempfile.TemporaryDirectory() as folder:
        served = Server(folder)
        try:
            yield served
        finally:
            served.stop()


@pytest.fixture(scope="session")
def browser():
    assert pathlib.Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM}: apt-get install chromium"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


class Pages:
    """Opens pages (a phone for a recorder, a desktop for a follower), fails a test on any
    script error or anything the Content-Security-Policy blocks, and keeps screenshots."""

    def __init__(self, browser, test):
        self.browser = browser
        self.test = test
        self.contexts = []
        self.errors = []

    def open(self, url, phone=False):
        options = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True} if phone else {"viewport": {"width": 1100, "height": 900}}
        context = self.browser.new_context(**options)
        self.contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        # Anything the Content-Security-Policy blocks (an inline style in a picture, say) fails too.
        page.on("console", lambda message: "Content Security Policy" in message.text and self.errors.append(message.text))
        page.goto(url)
        return page

    def shot(self, page, name):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{self.test}-{name}.png"), full_page=True)

    def close(self):
        for context in self.contexts:
            context.close()


@pytest.fixture
def pages(browser, request):
    opened = Pages(browser, request.node.name)
    yield opened
    opened.close()
    assert not opened.errors, f"script errors: {opened.errors}"
