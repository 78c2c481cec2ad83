"""The README keeps exactly two set-up commands, and CI runs the same test command."""

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent


def _commands():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Set up", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)\n```", section, re.S)


def test_readme_has_exactly_two_setup_commands():
    cmds = _commands()
    assert len(cmds) == 2
    assert cmds[0].strip().endswith(".venv/bin/refapp")
    assert cmds[1].strip().endswith(".venv/bin/python -m pytest")


def test_ci_runs_the_readme_test_command():
    test_cmd = _commands()[1].strip().rsplit("&& ", 1)[1]
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert test_cmd in ci  # the very command, on a line of its own
    # the libraries the README installs for the tests are the ones CI installs
    readme_pkgs = set(_commands()[1].split("install -y", 1)[1].split("&&", 1)[0].split())
    ci_pkgs = set(next(line for line in ci if line.startswith("PKGS=")).split("=", 1)[1].strip('"').split())
    assert readme_pkgs == ci_pkgs


# The README is a landing page; the manual is docs/user-guide.md, the command line docs/cli.md.
README_MAX_BYTES = 8 * 1024

LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^()\s]+)(?:\s+\"[^\"]*\")?\)")


def test_readme_is_a_landing_page_of_at_most_8_kb():
    size = len((ROOT / "README.md").read_bytes())
    assert size <= README_MAX_BYTES, (
        f"README.md is {size:,} bytes: move the detail to docs/user-guide.md or docs/cli.md"
    )


def _documents() -> list[Path]:
    return [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]


def _prose(text: str) -> str:
    """The text without its code: fenced blocks and inline code spans hold commands, not links."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", text)


def _anchors(path: Path) -> set[str]:
    """The anchors of a Markdown file's headings, as GitHub makes them (a repeated heading gets -1, -2...)."""
    seen: dict[str, int] = {}
    out = set()
    for line in re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.S | re.M).splitlines():
        m = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        slug = re.sub(r"[^\w\- ]", "", m.group(1).lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


KNOWN_BROKEN: set[tuple[str, str]] = set()  # (a document, a link in it) tolerated while being rewritten


def test_every_relative_link_of_the_docs_points_to_a_file_that_exists():
    broken = []
    for doc in _documents():
        if not doc.exists():
            broken.append(f"{doc.relative_to(ROOT)} is missing")
            continue
        for target in LINK.findall(_prose(doc.read_text(encoding="utf-8"))):
            if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto: ...
                continue
            if (str(doc.relative_to(ROOT)), target) in KNOWN_BROKEN:
                continue
            path, _, anchor = target.partition("#")
            file = (doc.parent / path).resolve() if path else doc
            where = f"{doc.relative_to(ROOT)}: ({target})"
            if not file.exists():
                broken.append(f"{where}: no such file")
            elif anchor and file.suffix == ".md" and anchor not in _anchors(file):
                broken.append(f"{where}: no heading with that anchor in {file.relative_to(ROOT)}")
    assert broken == []
