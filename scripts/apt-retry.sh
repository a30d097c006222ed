# Sourced by the install scripts: `say` and `apt_get`, apt-get with a retry loop.
say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

apt_get() {
  # Another process (unattended-upgrades, a second make) may hold the dpkg lock: wait for
  # it, and retry the whole command a few times for flaky mirrors.
  local attempt
  for attempt in 1 2 3 4 5; do
    if DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 -y -q "$@"; then
      return 0
    fi
    say "apt-get $1 failed (attempt $attempt); retrying in $((attempt * 10)) s"
    sleep $((attempt * 10))
  done
  return 1
}
