#!/usr/bin/env bash
# The package installs and runs as organisers install it (CI runs this after the tests):
#   1. build the wheel and install it into a fresh venv, then process the sample season there;
#   2. `pipx install .` into a throw-away pipx home, then the same.
# Each run happens outside the checkout, so only the installed package (its templates as
# package data included) can be used.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
venv_bin="$repo/.venv/bin"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

check_run() {  # $1: the mahjong-club command to try
  local out="$work/out-$(basename "$(dirname "$1")")"
  (cd "$work" && "$1" --version)
  (cd "$work" && "$1" "$repo/sample_sheets/season.xlsx" --out "$out" >/dev/null)
  test -s "$out/season.xlsx"
  test -s "$out/report/index.html"
  ls "$out/outbox/"*.eml >/dev/null
  echo "ok: $1 processed the sample season"
}

echo "== the wheel, in a fresh venv"
"$venv_bin/python" -m build --wheel --no-isolation --outdir "$work/dist" "$repo" >/dev/null
# every template is package data in the wheel
expected="$(cd "$repo" && git ls-files templates | grep -v '\.py$' | sort)"
found="$(python3 -m zipfile -l "$work"/dist/*.whl | awk '{print $1}' | grep '^templates/' | grep -v '\.py$' | sort)"
if [ "$expected" != "$found" ]; then
  echo "the wheel's templates differ from the repository's:"; diff <(echo "$expected") <(echo "$found")
  exit 1
fi
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet -r "$repo/requirements.txt" "$work"/dist/*.whl
check_run "$work/venv/bin/mahjong-club"

echo "== pipx install ."
export PIPX_HOME="$work/pipx" PIPX_BIN_DIR="$work/pipx-bin" PIPX_MAN_DIR="$work/pipx-man"
"$venv_bin/pipx" install --quiet "$repo" >/dev/null
check_run "$work/pipx-bin/mahjong-club"
