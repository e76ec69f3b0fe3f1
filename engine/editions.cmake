# The engine's editions (engine/rules/edition.h): one per variant, each built
# from the same sources with JUDKINS_EDITION set to the variant's traits.
# Judkins's targets keep their plain names; the others carry the variant's
# (judkins_search_shogi, judkins-engine-shogi, make_book_shogi, ...).
set(JUDKINS_EDITIONS judkins shogi minishogi)

# judkins_edition_suffix(EDITION OUT): "" for judkins, "_EDITION" for the others.
function(judkins_edition_suffix edition out)
  if(edition STREQUAL "judkins")
    set(${out} "" PARENT_SCOPE)
  else()
    set(${out} "_${edition}" PARENT_SCOPE)
  endif()
endfunction()
