# Sourced by the scripts: find or provide Python >= 3.14.2 as $PYTHON.
# shellcheck shell=bash
find_python() {
  local candidate
  if command -v python3.14 >/dev/null 2>&1 \
    && python3.14 -c 'import sys; sys.exit(sys.version_info < (3, 14, 2))' 2>/dev/null; then
    PYTHON=$(command -v python3.14)
    return 0
  fi
  # These machines do not ship Python 3.14: the shared helper unpacks Debian's.
  for candidate in "${ENSURE_PYTHON:-}" "$ROOT/../shared/bin/ensure-python3.14" \
    /work/shared/bin/ensure-python3.14; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then
      PYTHON=$("$candidate") && return 0
    fi
  done
  echo "Python >= 3.14.2 is needed (Home Assistant 2026.x); install python3.14" >&2
  return 1
}

# venv_install VENV STAMP_INPUT PIP_ARGS...: create VENV and install, once per input change.
venv_install() {
  local venv=$1 stamp_input=$2
  shift 2
  local stamp
  stamp=$(cat "$stamp_input" <(printf '%s\n' "$@") | sha256sum | cut -d' ' -f1)
  if [ -x "$venv/bin/python" ] && [ "$(cat "$venv/.stamp" 2>/dev/null)" = "$stamp" ]; then
    return 0
  fi
  [ -x "$venv/bin/python" ] || "$PYTHON" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --upgrade "pip>=25.1"
  "$venv/bin/python" -m pip install --quiet "$@"
  echo "$stamp" > "$venv/.stamp"
}
