#include "engine/search/search.h"

#include <cassert>

#include <algorithm>

#include "engine/eval/evaluate.h"
#include "engine/rules/edition.h"
#include "engine/search/see.h"
#include "engine/search/time_manager.h"

namespace judkins {
JUDKINS_EDITION_BEGIN

// A static evaluation never reads as a mate, whatever the weights.
static_assert(kMaxEvaluation < kMateBound);

namespace {

// A cycle won by perpetual check is decisive but not a mate to report.
constexpr int kPerpetualWin = 20000;

// How much shallower than the node the table's entry may be and still
// stand for the table move's score in a singular search.
constexpr int kSingularEntryDepthSlack = 3;

// Mate scores are stored relative to the node, returned relative to the root.
int ToTable(int score, int ply) {
  return score >= kMateBound ? score + ply : score <= -kMateBound ? score - ply : score;
}
int FromTable(int score, int ply) {
  return score >= kMateBound ? score - ply : score <= -kMateBound ? score + ply : score;
}

bool HasPiecesBeyondPawns(const Position& pos, Color c) {
  return (pos.pieces(c) & ~pos.pieces(kPawn) & ~pos.pieces(kKing)) || !pos.hand_empty(c);
}

}  // namespace

Searcher::Searcher(TranspositionTable& table, const EvalParams& params)
    : table_(table), params_(params), tables_(std::make_unique<OrderingTables>()) {
  tables_->Clear();
}

bool Searcher::ShouldStop() {
  if (stop_) return true;
  if (control_->stop) return stop_ = true;
  // Depth 1 always completes (unless stopped by command): it provides the move.
  if (root_depth_ <= 1) return false;
  if (node_limit_ && nodes_ >= node_limit_) return stop_ = true;
  if ((nodes_ & 1023) || !time_limited_ || control_->pondering) return false;
  if (absl::Now() - absl::FromUnixNanos(control_->start_nanos) >= maximum_) stop_ = true;
  return stop_;
}

SearchResult Searcher::Run(Position& pos, const SearchLimits& limits, absl::Duration overhead, const InfoSink& info,
                           const SearchControl& control) {
  control_ = &control;
  stop_ = false;
  const TimeManager time(limits, pos.side_to_move(), overhead);
  time_limited_ = time.limited() && !limits.infinite;
  maximum_ = time.maximum();
  node_limit_ = limits.nodes;
  table_.NewSearch();
  reductions_.Update(params_[param::kReductionBase], params_[param::kReductionDivisor]);
  nodes_ = 0;
  const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 1) : kMaxPly - 1;

  SearchResult result;
  const MoveList root_moves(pos);
  if (root_moves.empty()) return result;
  result.best = *root_moves.begin();  // until an iteration has a better one
  pv_length_[0] = 0;
  int score = 0, stable_iterations = 0;
  for (root_depth_ = 1; root_depth_ <= max_depth; ++root_depth_) {
    seldepth_ = 0;
    int delta = params_[param::kAspirationDelta], alpha = -kInfinite, beta = kInfinite;
    if (root_depth_ >= 4) {
      alpha = std::max(score - delta, -kInfinite);
      beta = std::min(score + delta, kInfinite);
    }
    int iteration_score;
    while (true) {
      iteration_score = Search(pos, alpha, beta, root_depth_, 0, false);
      if (stop_) break;
      if (iteration_score <= alpha) {
        beta = (alpha + beta) / 2;
        alpha = std::max(iteration_score - delta, -kInfinite);
      } else if (iteration_score >= beta) {
        beta = std::min(iteration_score + delta, kInfinite);
      } else {
        break;
      }
      delta += delta;
    }
    if (stop_ && (root_depth_ > 1 || pv_length_[0] == 0)) break;  // an unfinished iteration is not trusted
    const int score_fall = root_depth_ > 1 ? score - iteration_score : 0;
    stable_iterations = root_depth_ > 1 && pv_[0][0] == result.best ? stable_iterations + 1 : 0;
    score = iteration_score;
    result.best = pv_[0][0];
    result.ponder = pv_length_[0] > 1 ? pv_[0][1] : Move();
    result.score = score;
    result.depth = root_depth_;
    if (info) {
      SearchInfo line{root_depth_,
                      seldepth_,
                      score,
                      nodes_,
                      absl::Now() - absl::FromUnixNanos(control.start_nanos),
                      table_.Hashfull(),
                      std::vector<Move>(pv_[0], pv_[0] + pv_length_[0])};
      info(line);
    }
    if (stop_) break;
    const absl::Duration elapsed = absl::Now() - absl::FromUnixNanos(control.start_nanos);
    if (time_limited_ && !control.pondering && elapsed >= time.Target(stable_iterations, score_fall)) break;
    if (IsMateScore(score) && kMate - std::abs(score) <= root_depth_ && !limits.infinite && !control.pondering) break;
  }
  result.nodes = nodes_;
  return result;
}

int Searcher::Search(Position& pos, int alpha, int beta, int depth, int ply, bool null_allowed) {
  assert(-kInfinite <= alpha && alpha < beta && beta <= kInfinite);
  assert(0 <= ply && ply < kMaxPly);
  const bool pv_node = beta - alpha > 1;
  assert(pv_node || alpha == beta - 1);

  // Step 1. The horizon: quiescence search takes over.
  pv_length_[ply] = 0;
  if (depth <= 0) return Quiescence(pos, alpha, beta, ply);
  ++nodes_;
  seldepth_ = std::max(seldepth_, ply);
  if (ShouldStop()) return 0;
  const bool in_check = pos.in_check();

  // Step 2. Draws by repetition, perpetual check, mate distance pruning.
  if (ply > 0) {
    if (const GameStatus repetition = JudgeRepetition(pos, 2); repetition.over()) {
      if (repetition.outcome == Outcome::kDraw) return 0;  // minishogi's repetition is a loss, for Black
      const bool we_win = (repetition.outcome == Outcome::kBlackWins) == (pos.side_to_move() == kBlack);
      return we_win ? kPerpetualWin - ply : -kPerpetualWin + ply;
    }
    alpha = std::max(alpha, MatedIn(ply));
    beta = std::min(beta, MateIn(ply + 1));
    if (alpha >= beta) return alpha;
    if (ply >= kMaxPly - 1) return in_check ? 0 : Evaluate(pos, params_);
  }

  // Step 3. The transposition table: a deep enough entry answers outside PV
  // nodes. A singular search (a move excluded) neither reads nor writes it:
  // its result is not the position's.
  const Move excluded = excluded_[ply];
  const TtEntry* probed = excluded.is_none() ? table_.Probe(pos.key()) : nullptr;
  const TtEntry entry = probed ? *probed : TtEntry{};  // a copy: searches below may replace it
  const Move table_move = entry.move;
  const int table_score = FromTable(entry.score, ply);
  if (probed && !pv_node && entry.depth >= depth) {
    if (entry.bound == Bound::kExact || (entry.bound == Bound::kLower && table_score >= beta) ||
        (entry.bound == Bound::kUpper && table_score <= alpha))
      return table_score;
  }

  // Step 4. Internal iterative reduction, static evaluation, reverse futility
  // pruning and the null move.
  if (table_move.is_none() && excluded.is_none() && depth >= 4 && !in_check)
    --depth;  // unexplored here: search it shallower first
  const int static_eval = in_check ? -kInfinite : Evaluate(pos, params_);
  if (!pv_node && !in_check) {
    // The position is so good that a shallow search will not change that.
    if (depth <= 5 && static_eval - params_[param::kReverseFutilityMargin] * depth >= beta && !IsMateScore(beta))
      return static_eval;
    if (null_allowed && excluded.is_none() && depth >= 3 && static_eval >= beta &&
        HasPiecesBeyondPawns(pos, pos.side_to_move())) {
      pos.DoNullMove();
      const int score = -Search(pos, -beta, -beta + 1, depth - 3 - depth / 4, ply + 1, false);
      pos.UndoNullMove();
      if (stop_) return 0;
      if (score >= beta) return IsMateScore(score) ? beta : score;
    }
  }

  // Step 5. The moves, best first, with late move pruning, futility pruning
  // and late move reductions (a reduced search that beats alpha is redone).
  MovePicker picker(pos, table_move, *tables_, params_, ply, false);
  if (picker.size() == 0) return MatedIn(ply);  // mate, or no legal move: both lose
  int best_score = -kInfinite, moves_searched = 0;
  Move best_move, quiets_tried[64];
  int quiet_count = 0;
  const int original_alpha = alpha;
  const bool may_extend = ply < 2 * root_depth_;  // extensions stop where the line is twice the iteration's depth
  for (Move m; !(m = picker.Next()).is_none();) {
    if (m == excluded) continue;
    const bool quiet = !IsTactical(pos, m);
    if (!pv_node && !in_check && quiet && best_score > -kMateBound && depth <= 6 &&
        moves_searched >= params_[param::kMoveCountBase] + depth * depth)
      continue;  // late quiet moves at low depth rarely matter
    // The singular extension: the table move gets a ply more when every other
    // move, searched to half the depth, falls short of its score by a margin;
    // when even that bar is at or above beta, two moves beat beta and the node
    // is cut. Not at nodes in check, where most evasions are singular.
    int extension = 0;
    if (m == table_move && ply > 0 && may_extend && !in_check && depth >= params_[param::kSingularDepth] &&
        entry.bound != Bound::kUpper && entry.depth >= depth - kSingularEntryDepthSlack && !IsMateScore(table_score)) {
      const int singular_beta = std::max(table_score - params_[param::kSingularMargin] * depth, -kMateBound + 1);
      excluded_[ply] = m;
      const int score = Search(pos, singular_beta - 1, singular_beta, (depth - 1) / 2, ply, false);
      excluded_[ply] = Move();
      pv_length_[ply] = 0;  // that search's line is not this node's
      if (stop_) return 0;
      if (score < singular_beta)
        extension = 1;
      else if (singular_beta >= beta)
        return singular_beta;
    }
    pos.DoMove(m);
    const bool gives_check = pos.in_check();
    if (!pv_node && !in_check && quiet && !gives_check && depth <= 5 && best_score > -kMateBound &&
        static_eval + params_[param::kFutilityMargin] * depth <= alpha) {
      pos.UndoMove();
      continue;
    }
    const int check_extension = gives_check && pv_node && may_extend ? 1 : 0;
    const int new_depth = depth - 1 + std::max(extension, check_extension);
    int score;
    if (moves_searched == 0) {
      score = -Search(pos, -beta, -alpha, new_depth, ply + 1, true);
    } else {
      int reduction = 0;
      if (depth >= 3 && moves_searched >= 3 && quiet && !in_check && !gives_check)
        reduction = std::clamp(reductions_(depth, moves_searched) - (pv_node ? 1 : 0), 0, new_depth - 1);
      score = -Search(pos, -alpha - 1, -alpha, new_depth - reduction, ply + 1, true);
      if (score > alpha && reduction > 0) score = -Search(pos, -alpha - 1, -alpha, new_depth, ply + 1, true);
      if (score > alpha && score < beta) score = -Search(pos, -beta, -alpha, new_depth, ply + 1, true);
    }
    pos.UndoMove();
    if (stop_) return 0;
    ++moves_searched;
    if (quiet && quiet_count < 64) quiets_tried[quiet_count++] = m;
    if (score > best_score) {
      best_score = score;
      best_move = m;
      if (score > alpha) {
        alpha = score;
        UpdatePv(ply, m);
        if (alpha >= beta) {
          if (quiet) UpdateQuietStats(pos, m, depth, ply, quiets_tried, quiet_count);
          break;
        }
      }
    }
  }
  // Step 6. The result, into the transposition table.
  if (moves_searched == 0) {
    assert(!excluded.is_none());  // every move but the excluded one is searched or pruned after a first
    return alpha;                 // the excluded move is the only one: singular
  }
  assert(-kInfinite < best_score && best_score < kInfinite);
  if (!excluded.is_none()) return best_score;
  const Bound bound = best_score >= beta ? Bound::kLower : best_score > original_alpha ? Bound::kExact : Bound::kUpper;
  table_.Store(pos.key(), best_move, ToTable(best_score, ply), depth, bound);
  return best_score;
}

int Searcher::Quiescence(Position& pos, int alpha, int beta, int ply) {
  assert(-kInfinite <= alpha && alpha < beta && beta <= kInfinite);
  assert(0 <= ply && ply < kMaxPly);
  ++nodes_;
  pv_length_[ply] = 0;
  seldepth_ = std::max(seldepth_, ply);
  if (ShouldStop()) return 0;
  const bool in_check = pos.in_check();
  if (ply >= kMaxPly - 1) return in_check ? 0 : Evaluate(pos, params_);
  int best_score = -kInfinite;
  if (!in_check) {
    best_score = Evaluate(pos, params_);
    if (best_score >= beta) return best_score;
    alpha = std::max(alpha, best_score);
  }
  // In check every evasion counts, drops included; otherwise only tactics.
  MovePicker picker(pos, Move(), *tables_, params_, std::min(ply, kMaxPly), !in_check);
  if (in_check && picker.size() == 0) return MatedIn(ply);
  for (Move m; !(m = picker.Next()).is_none();) {
    if (!in_check && !m.is_promotion() &&
        best_score + params_[param::kBoardValue + type_of(pos.piece_on(m.to()))] * 2 +
                params_[param::kQuiescenceMargin] <
            alpha)
      continue;  // even winning the piece cannot lift the score to alpha
    if (!in_check && StaticExchange(pos, m, params_) < 0) continue;  // loses material
    pos.DoMove(m);
    const int score = -Quiescence(pos, -beta, -alpha, ply + 1);
    pos.UndoMove();
    if (stop_) return 0;
    if (score > best_score) {
      best_score = score;
      if (score > alpha) {
        alpha = score;
        UpdatePv(ply, m);
        if (alpha >= beta) break;
      }
    }
  }
  return best_score;
}

void Searcher::UpdatePv(int ply, Move m) {
  pv_[ply][0] = m;
  std::copy(pv_[ply + 1], pv_[ply + 1] + pv_length_[ply + 1], pv_[ply] + 1);
  pv_length_[ply] = pv_length_[ply + 1] + 1;
}

void Searcher::UpdateQuietStats(const Position& pos, Move best, int depth, int ply, const Move* tried,
                                int tried_count) {
  const Color us = pos.side_to_move();
  const int bonus = std::min(depth * depth, params_[param::kHistoryBonusCap]);
  auto adjust = [&](Move m, int amount) {
    int& entry = tables_->history[us][OrderingTables::Index(pos, m)][m.to()];
    entry += amount - entry * std::abs(amount) / 16384;  // stays within +-16384
  };
  for (int i = 0; i < tried_count; ++i)
    if (tried[i] != best) adjust(tried[i], -bonus);
  adjust(best, bonus);
  if (tables_->killers[ply][0] != best) {
    tables_->killers[ply][1] = tables_->killers[ply][0];
    tables_->killers[ply][0] = best;
  }
  const Move previous = pos.state().move;
  if (!previous.is_none()) tables_->counter[pos.piece_on(previous.to())][previous.to()] = best;
}

JUDKINS_EDITION_END
}  // namespace judkins
