// JSON files read as google.protobuf.Struct (protobuf's own JSON parser, no
// other library), with a field lookup that yields an empty value when the
// field is missing: for tests that check the dashboards' JSON.
#ifndef JUDKINS_TESTS_SUPPORT_JSON_STRUCT_H_
#define JUDKINS_TESTS_SUPPORT_JSON_STRUCT_H_

#include <google/protobuf/struct.pb.h>

#include <string>

namespace judkins::testing {

inline const google::protobuf::Value& Field(const google::protobuf::Struct& object, const std::string& name) {
  static const google::protobuf::Value kMissing;
  const auto it = object.fields().find(name);
  return it == object.fields().end() ? kMissing : it->second;
}

}  // namespace judkins::testing

#endif  // JUDKINS_TESTS_SUPPORT_JSON_STRUCT_H_
