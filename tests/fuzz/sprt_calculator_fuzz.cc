// The SPRT calculator's inputs (judkins-worker sprt, /api/v1/sprt): any
// bounds, rates and model (NaN, infinities, the largest doubles included)
// and any count texts. It must answer at once (libFuzzer's -timeout), and
// every figure of an answer must be a finite number.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "proto/convert/sprt_calculator.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // Bytes 0-31: elo0, elo1, alpha, beta as raw doubles; byte 32: the model;
  // the rest: "PENTANOMIAL\nWDL".
  constexpr size_t kNumbers = 4, kHeader = kNumbers * sizeof(double) + 1;
  if (size < kHeader) return 0;
  double numbers[kNumbers];
  std::memcpy(numbers, data, sizeof numbers);
  const char* models[] = {"normalized", "logistic", "bayeselo", "other"};
  const std::string rest(reinterpret_cast<const char*>(data) + kHeader, size - kHeader);
  const size_t newline = rest.find('\n');
  judkins::SprtQuestion question;
  question.pentanomial = rest.substr(0, newline);
  question.wdl = newline == std::string::npos ? "" : rest.substr(newline + 1);
  question.sprt.elo0 = numbers[0];
  question.sprt.elo1 = numbers[1];
  question.sprt.alpha = numbers[2];
  question.sprt.beta = numbers[3];
  question.model = models[data[kNumbers * sizeof(double)] % 4];
  absl::StatusOr<judkins::v1::StatsReport> report = judkins::AnswerSprt(question, "");
  if (!report.ok()) return 0;
  for (double figure : {report->llr(), report->lower_bound(), report->upper_bound(), report->elo(),
                        report->elo_ci_lower(), report->elo_ci_upper(), report->los()})
    if (!std::isfinite(figure)) std::abort();
  return 0;
}
