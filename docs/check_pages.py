"""Look at the built HTML pages in headless Chromium: find tables, code blocks and
charts clipped at the content width, and take a screenshot of every page.

    python docs/check_pages.py docs/_build/html [--screenshots DIR] [--width 1280]

Each page is copied with a small script added that, once the page is laid out
at the given window width, lists every code block, table and chart whose
content is wider than its box (so that part of it is hidden or needs
scrolling) or that sticks out of the page's article column; Chromium prints
the resulting DOM (``--dump-dom``), and this script reads the list back.
With ``--screenshots DIR`` a PNG of each page (its first ``--height`` pixels)
is written there too. Exit status 1 when anything is clipped.

Needs Chromium (``apt-get install chromium``; ``--chromium PATH`` otherwise).
"""

from __future__ import annotations

import argparse
import html
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPORT_ID = "xport-clipping-report"
# Runs after layout; writes what overflows into a <pre> that --dump-dom prints.
PROBE = """
<script>
window.addEventListener("load", () => {
  const found = [];
  const article = document.querySelector("article") || document.body;
  const right = article.getBoundingClientRect().right + 1;
  const name = (el) => el.tagName.toLowerCase() + (el.className ? "." +
      String(el.className).trim().split(/\\s+/).join(".") : "");
  const text = (el) => el.textContent.trim().replace(/\\s+/g, " ").slice(0, 80);
  for (const el of article.querySelectorAll("pre, table, figure, svg, img, .highlight")) {
    const box = el.getBoundingClientRect();
    if (box.width === 0) continue;
    if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
      found.push({element: name(el), problem: "content wider than its box",
                  overflow: el.scrollWidth - el.clientWidth, text: text(el)});
    else if (box.right > right)
      found.push({element: name(el), problem: "sticks out of the article column",
                  overflow: Math.round(box.right - right), text: text(el)});
  }
  const report = document.createElement("pre");
  report.id = "%s";
  report.textContent = JSON.stringify(found);
  document.body.appendChild(report);
});
</script>
""" % REPORT_ID  # noqa: UP031 - braces of the JavaScript


def chromium_flags(width: int, height: int) -> list[str]:
    """Headless, offline and quiet (background networking is refused here anyway)."""
    return ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--hide-scrollbars", f"--window-size={width},{height}",
            "--virtual-time-budget=5000"]


def probe_page(chromium: str, page: Path, width: int, profile: Path) -> list[dict[str, object]]:
    """The clipped elements of ``page`` at window ``width``."""
    done = subprocess.run(
        [chromium, *chromium_flags(width, 900), f"--user-data-dir={profile}", "--dump-dom",
         page.as_uri()], capture_output=True, text=True, timeout=120, check=False)
    match = re.search(rf'<pre id="{REPORT_ID}"[^>]*>(.*?)</pre>', done.stdout, re.DOTALL)
    if match is None:
        raise RuntimeError(f"{page.name}: no report from Chromium (exit {done.returncode}): "
                           f"{done.stderr[-500:]}")
    found: list[dict[str, object]] = json.loads(html.unescape(match.group(1)))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("html", type=Path, help="the HTML build directory")
    parser.add_argument("--screenshots", type=Path, help="write a PNG of each page here")
    parser.add_argument("--width", type=int, default=1280, help="window width in pixels")
    parser.add_argument("--height", type=int, default=4000, help="screenshot height in pixels")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    args = parser.parse_args(argv)
    pages = sorted(p for p in args.html.glob("*.html")
                   if p.name not in {"genindex.html", "search.html", "py-modindex.html"})
    if not pages:
        parser.error(f"no pages in {args.html}")
    clipped = 0
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "html"
        shutil.copytree(args.html, copy)
        profile = Path(tmp) / "profile"
        for page in pages:
            probed = copy / page.name
            source = probed.read_text(encoding="utf-8")
            probed.write_text(source.replace("</body>", PROBE + "</body>"), encoding="utf-8")
            found = probe_page(args.chromium, probed, args.width, profile)
            clipped += len(found)
            status = "ok" if not found else f"{len(found)} clipped"
            print(f"{page.name}: {status}")
            for item in found:
                print(f"    {item['element']}: {item['problem']} by {item['overflow']} px: "
                      f"{item['text']!r}")
            if args.screenshots:
                args.screenshots.mkdir(parents=True, exist_ok=True)
                shot = args.screenshots / f"{page.stem}.png"
                subprocess.run(
                    [args.chromium, *chromium_flags(args.width, args.height),
                     f"--user-data-dir={profile}", f"--screenshot={shot}",
                     (args.html / page.name).resolve().as_uri()],
                    capture_output=True, timeout=120, check=False)
    print(f"{len(pages)} pages at {args.width} px: "
          + ("nothing clipped" if not clipped else f"{clipped} clipped elements"))
    return 1 if clipped else 0


if __name__ == "__main__":
    sys.exit(main())
