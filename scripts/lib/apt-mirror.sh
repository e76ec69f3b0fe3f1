# The Debian mirror this machine's apt uses for bookworm (not the security
# archive), read from its sources (deb822 .sources files or one-line
# sources.list entries) so that no host name is written in the repository.
#   source scripts/lib/apt-mirror.sh; mirror=$(debian_mirror)
debian_mirror() {
  local file mirror=""
  for file in /etc/apt/sources.list.d/*.sources; do
    [ -f "$file" ] || continue
    mirror=$(awk '/^URIs:/ { for (i = 2; i <= NF; i++) if ($i !~ /security/) { print $i; exit } }' "$file")
    [ -n "$mirror" ] && break
  done
  if [ -z "$mirror" ]; then
    for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
      [ -f "$file" ] || continue
      mirror=$(awk '$1 == "deb" && $0 !~ /security/ { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { print $i; exit } }' "$file")
      [ -n "$mirror" ] && break
    done
  fi
  if [ -z "$mirror" ]; then
    echo "apt-mirror: no Debian mirror in /etc/apt/sources.list or /etc/apt/sources.list.d" >&2
    return 1
  fi
  echo "${mirror%/}"
}
