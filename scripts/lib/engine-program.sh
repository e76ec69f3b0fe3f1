# The engine edition that plays a variant, for the scripts that build and run
# judkins-engine by hand (engine/editions.cmake names them so).
#   program=$(engine_program "$variant" "scripts/NAME") || exit 2
engine_program() {
  case "$1" in
    judkins) echo judkins-engine ;;
    shogi | minishogi) echo "judkins-engine-$1" ;;
    *) echo "$2: --variant must be judkins, shogi or minishogi, not '$1'" >&2; return 2 ;;
  esac
}
