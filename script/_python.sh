# Sourced by the scripts: find or provide Python >= 3.14.2 as $PYTHON.
# shellcheck shell=bash
find_python() {
  # script/ensure_python says why on stderr when it cannot.
  PYTHON=$("$ROOT/script/ensure_python")
}

# venv_install VENV STAMP_INPUT PIP_ARGS...: create VENV and install, once per input change.
# Holds VENV.lock meanwhile: the test suite runs on every core, and two of its
# workers may start script/demo at once on a fresh clone.
venv_install() {
  local venv=$1 stamp_input=$2
  shift 2
  local stamp
  stamp=$(cat "$stamp_input" <(printf '%s\n' "$@") | sha256sum | cut -d' ' -f1)
  mkdir -p "$(dirname "$venv")"
  (
    flock 9
    if [ -x "$venv/bin/python" ] && [ "$(cat "$venv/.stamp" 2>/dev/null)" = "$stamp" ]; then
      exit 0
    fi
    # Each step stops the install when it fails: callers run this under `if !`,
    # where `set -e` does not hold.
    { [ -x "$venv/bin/python" ] || "$PYTHON" -m venv "$venv"; } &&
      "$venv/bin/python" -m pip install --quiet --upgrade "pip>=25.1" &&
      "$venv/bin/python" -m pip install --quiet "$@" &&
      echo "$stamp" > "$venv/.stamp"
  ) 9> "$venv.lock"
}
