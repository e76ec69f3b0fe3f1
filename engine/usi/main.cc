// judkins-engine: a USI engine for Judkins shogi.
#include <iostream>

#include "engine/usi/usi_loop.h"

int main() {
  std::ios::sync_with_stdio(false);
  judkins::UsiLoop(std::cin, std::cout).Run();
  return 0;
}
