//===- FusionRoles.cpp - The roles library functions may declare ----------===//

#include "neve/Support/FusionRoles.h"

#include <map>
#include <mutex>
#include <set>

using namespace neve;

namespace {
/// Plugins register from their load callbacks, the tools before checking a
/// program; a lock keeps concurrent compiles in one process (the language
/// server) safe.
struct RoleRegistry {
  std::mutex lock;
  std::set<std::string> names;
  std::map<std::string, std::set<std::string>> triggers;
};
RoleRegistry &registry() {
  static RoleRegistry r;
  return r;
}
} // namespace

void neve::registerFusionRole(llvm::StringRef name) {
  RoleRegistry &r = registry();
  std::lock_guard<std::mutex> guard(r.lock);
  r.names.insert(name.str());
}

void neve::registerFusionReplacementRole(llvm::StringRef name,
                                         llvm::ArrayRef<std::string> triggers) {
  RoleRegistry &r = registry();
  std::lock_guard<std::mutex> guard(r.lock);
  r.names.insert(name.str());
  std::set<std::string> &known = r.triggers[name.str()];
  for (const std::string &t : triggers) {
    r.names.insert(t);
    known.insert(t);
  }
}

std::vector<std::string> neve::knownFusionRoles() {
  RoleRegistry &r = registry();
  std::lock_guard<std::mutex> guard(r.lock);
  return {r.names.begin(), r.names.end()};
}

std::vector<std::string> neve::fusionReplacementTriggers(llvm::StringRef name) {
  RoleRegistry &r = registry();
  std::lock_guard<std::mutex> guard(r.lock);
  auto it = r.triggers.find(name.str());
  if (it == r.triggers.end())
    return {};
  return {it->second.begin(), it->second.end()};
}
