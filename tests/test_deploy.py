"""The hosting recipes in deploy/ are valid for Debian's nginx, Caddy and systemd (make test installs
nginx and caddy, as it installs chromium), and docs/hosting.md holds each file's text as it is, so the
docs cannot drift from what is tested."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
DEPLOY = ROOT / "deploy"
HOSTING = ROOT / "docs" / "hosting.md"
CERTIFICATES = (
    "/etc/letsencrypt/live/solitaire.example.org/fullchain.pem",
    "/etc/letsencrypt/live/solitaire.example.org/privkey.pem",
)


def tool(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/bin")
    if not found:
        pytest.skip(f"{name} is not installed (make proxies installs it)")
    return found


def run(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, timeout=60)


def nginx_check(site: str, tmp_path: Path) -> subprocess.CompletedProcess:
    """nginx -t on the site inside an http {} as Debian's nginx.conf has it, with a throwaway
    certificate where the recipe names Let's Encrypt's (nginx reads the files to check them)."""
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    made = run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=test",
               "-keyout", str(key), "-out", str(cert))  # fmt: skip
    assert made.returncode == 0, made.stderr
    (tmp_path / "site.conf").write_text(
        site.replace(CERTIFICATES[0], str(cert)).replace(CERTIFICATES[1], str(key))
    )
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
        f"http {{\n    include /etc/nginx/mime.types;\n    include {tmp_path}/site.conf;\n}}\n"
    )
    return run(tool("nginx"), "-t", "-q", "-c", str(tmp_path / "nginx.conf"), "-p", str(tmp_path))


@pytest.mark.slow  # 5 s at load 26 (pytest --durations, 1 Dec 2026)
def test_the_nginx_site_is_valid_inside_http(tmp_path):
    site = (DEPLOY / "nginx-site.conf").read_text()
    assert all(path in site for path in CERTIFICATES)  # what the check replaces is there
    checked = nginx_check(site, tmp_path)
    assert checked.returncode == 0, checked.stderr
    for needed in ("listen 443 ssl", "X-Forwarded-For $remote_addr", "gzip on", "image/svg+xml",
                   "application/json", "limit_req zone=pyramid_solver"):  # fmt: skip
        assert needed in site, needed
    gzipped = re.search(r"gzip_types([^;]*);", site).group(1).split()
    assert "application/wasm" in gzipped  # the solver's kernel compresses to about a third
    limited = re.search(r"location @solver_limited \{(.*?)\}", site, re.S).group(1)
    assert "add_header Retry-After 2 always;" in limited and '"code":"rate_limited"' in limited


def test_the_static_site_recipes_are_valid(tmp_path):
    site = (DEPLOY / "nginx-static.conf").read_text()
    checked = nginx_check(site, tmp_path)
    assert checked.returncode == 0, checked.stderr
    for needed in (
        "gzip_static on;",
        "application/wasm",
        "Cache-Control no-cache always",
        "wasm-unsafe-eval",
    ):
        assert needed in site, needed
    caddy = DEPLOY / "Caddyfile-static"
    validated = caddy_check(caddy)
    assert validated.returncode == 0, validated.stderr
    assert "precompressed br gzip" in caddy.read_text() and "wasm-unsafe-eval" in caddy.read_text()


def test_the_nginx_check_fails_on_a_broken_site(tmp_path):
    broken = (DEPLOY / "nginx-site.conf").read_text().replace("keepalive 32;", "keepalive 32", 1)
    assert nginx_check(broken, tmp_path).returncode != 0


def caddy_check(path: Path) -> subprocess.CompletedProcess:
    return run(tool("caddy"), "validate", "--config", str(path), "--adapter", "caddyfile")


def test_the_caddyfile_is_valid(tmp_path):
    checked = caddy_check(DEPLOY / "Caddyfile")
    assert checked.returncode == 0, checked.stderr
    assert "encode gzip" in (DEPLOY / "Caddyfile").read_text()
    one_line = tmp_path / "Caddyfile"  # the README's old one-line recipe: Caddy refuses it
    one_line.write_text("solitaire.example.org { reverse_proxy 127.0.0.1:8000 }\n")
    assert caddy_check(one_line).returncode != 0


def systemd_check(unit: str, tmp_path: Path) -> subprocess.CompletedProcess:
    """systemd-analyze verify, with ExecStart pointing at this checkout's command (verify wants an
    executable there); every other line as it is. A warning counts as a failure."""
    path = tmp_path / "pyramid-solitaire.service"
    command = str(Path(sys.executable).parent / "pyramid-solitaire")
    path.write_text(unit.replace("/opt/pyramid-solitaire/bin/pyramid-solitaire", command))
    return run(tool("systemd-analyze"), "verify", str(path))


def test_the_systemd_unit_verifies_and_is_sandboxed(tmp_path):
    unit = (DEPLOY / "pyramid-solitaire.service").read_text()
    checked = systemd_check(unit, tmp_path)
    assert checked.returncode == 0 and checked.stderr == "", checked.stderr
    for needed in ("DynamicUser=yes", "ProtectSystem=strict", "NoNewPrivileges=yes", "ProtectClock=yes",
                   "ProtectKernelLogs=yes", "SystemCallFilter=@system-service", "UMask=0077"):  # fmt: skip
        assert re.search(rf"^{needed}$", unit, re.M), needed
    misspelt = systemd_check(unit.replace("ProtectSystem=", "ProtectSystm="), tmp_path)
    assert "Unknown key" in misspelt.stderr  # the check sees a sandbox line that does nothing


@pytest.mark.parametrize(
    "name",
    ["nginx-site.conf", "Caddyfile", "pyramid-solitaire.service", "nginx-static.conf", "Caddyfile-static"],
)
def test_the_hosting_docs_hold_each_recipe_as_it_is(name):
    text = (DEPLOY / name).read_text()
    docs = HOSTING.read_text()
    block = re.search(rf"<!-- deploy/{re.escape(name)} -->\n```[a-z]*\n(.*?)```\n", docs, re.S)
    assert block, f"docs/hosting.md has no block for deploy/{name}"
    assert block.group(1) == text, f"docs/hosting.md's copy of deploy/{name} differs: copy the file in"
