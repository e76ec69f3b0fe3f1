// The texel fit's options: plain values, the same for every variant, so the
// command line that sets them is built once and each edition's fit reads them
// (they stay outside the editions' namespaces; texel::Extraction and
// texel::FitOptions name them there).
#ifndef JUDKINS_TUNER_TEXEL_TEXEL_OPTIONS_H_
#define JUDKINS_TUNER_TEXEL_TEXEL_OPTIONS_H_

#include <vector>

namespace judkins {

// Which positions of the records are kept (see ExtractPositions).
struct TexelExtraction {
  int skip_plies = 8;
  int max_positions = 0;  // 0: no limit
};

struct TexelFitOptions {
  std::vector<int> slots;      // registry slots to fit; the rest stay as they are
  int rounds = 4;              // linearisations
  int iterations = 300;        // Adam steps per round
  double learning_rate = 2.0;  // the largest step per iteration, in weight units
  // lambda: the loss adds lambda * sum(((w - w0) / step)^2) over the fitted
  // weights, w0 their start and step their SPSA step. It holds weights the
  // positions say little about near where they were: self-play between
  // near-identical engines otherwise lets correlated weights trade value.
  double regularisation = 0;
  // K held at this value through every round (0: fitted to the starting
  // weights, then again to each round's). The weights' scale and K trade
  // against each other: a fit that lets K move can shrink or grow every
  // weight together, and the search's margins are in the weights' units.
  double scale = 0;
  int threads = 0;  // 0: one per core

  bool holds_scale() const { return scale > 0; }
};

}  // namespace judkins

#endif  // JUDKINS_TUNER_TEXEL_TEXEL_OPTIONS_H_
