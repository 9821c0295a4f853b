//===- CudaToolkit.cpp - Finding ptxas and libdevice ----------------------===//
//
// See CudaToolkit.h. A variable the user set (NEVE_PTXAS, CUDA_HOME,
// CUDA_PATH) is the only place looked: a toolkit named on purpose and
// missing is an error, not a reason to take another one.
//
//===----------------------------------------------------------------------===//

#include "neve/Support/CudaToolkit.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdlib>

using namespace llvm;

namespace {

/// The value of \p var, or "" when it is unset or empty.
std::string env(const char *var) {
  const char *v = std::getenv(var);
  return v ? std::string(v) : std::string();
}

/// The toolkit root the user named: ("$CUDA_HOME", path), else
/// ("$CUDA_PATH", path), else empty.
std::pair<std::string, std::string> namedRoot() {
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"}) {
    std::string root = env(var);
    if (!root.empty())
      return {std::string("$") + var, root};
  }
  return {};
}

/// \p root with \p parts appended.
std::string join(StringRef root, std::initializer_list<StringRef> parts) {
  SmallString<256> p(root);
  for (StringRef part : parts)
    sys::path::append(p, part);
  return std::string(p);
}

constexpr const char *kDefaultRoot = "/usr/local/cuda";

} // namespace

std::string neve::cuda::Search::triedList() const {
  std::string out;
  for (size_t i = 0; i < tried.size(); ++i) {
    if (i > 0)
      out += i + 1 == tried.size() ? " and " : ", ";
    out += tried[i];
  }
  return out;
}

neve::cuda::Search neve::cuda::findPtxas(StringRef option) {
  Search s;
  auto only = [&](std::string what, std::string path) {
    s.tried.push_back(std::move(what));
    if (sys::fs::can_execute(path) && !sys::fs::is_directory(path))
      s.path = path;
    return s;
  };
  if (!option.empty())
    return only("the ptxas option (" + option.str() + ")", option.str());
  if (std::string v = env("NEVE_PTXAS"); !v.empty())
    return only("$NEVE_PTXAS (" + v + ")", v);
  if (auto [var, root] = namedRoot(); !root.empty()) {
    std::string p = join(root, {"bin", "ptxas"});
    return only(var + "/bin/ptxas (" + p + ")", p);
  }
  std::string p = join(kDefaultRoot, {"bin", "ptxas"});
  s.tried.push_back(p);
  if (sys::fs::can_execute(p)) {
    s.path = p;
    return s;
  }
  s.tried.push_back("ptxas on PATH");
  if (auto found = sys::findProgramByName("ptxas"))
    s.path = *found;
  return s;
}

neve::cuda::Search neve::cuda::findLibdevice() {
  Search s;
  auto look = [&](std::string what, const std::string &root) {
    std::string p = join(root, {"nvvm", "libdevice", "libdevice.10.bc"});
    s.tried.push_back(what.empty() ? p : what + " (" + p + ")");
    if (sys::fs::is_regular_file(p))
      s.path = p;
    return s.found();
  };
  if (auto [var, root] = namedRoot(); !root.empty()) {
    look(var + "/nvvm/libdevice/libdevice.10.bc", root);
    return s;
  }
  if (look("", kDefaultRoot))
    return s;
  // A toolkit elsewhere, found through its ptxas on PATH: ROOT/bin/ptxas.
  if (auto ptxas = sys::findProgramByName("ptxas")) {
    SmallString<256> real;
    if (sys::fs::real_path(*ptxas, real))
      real = *ptxas;
    StringRef root = sys::path::parent_path(sys::path::parent_path(real));
    if (!root.empty() && root != kDefaultRoot)
      look("", root.str());
  }
  return s;
}

std::string neve::cuda::missingPtxasMessage(const Search &ptxas) {
  return "ptxas not found: kernels are assembled into cubins by ptxas, from "
         "the CUDA toolkit (12.0 or later); looked for " +
         ptxas.triedList() +
         ". Install the toolkit, or set CUDA_HOME (or CUDA_PATH) to it or "
         "NEVE_PTXAS to its ptxas; or build with -fptx-only to embed the "
         "PTX alone, which the CUDA driver compiles on the GPU host "
         "(docs/gpu.md, \"Without ptxas\")";
}

std::string neve::cuda::missingLibdeviceMessage(const Search &libdevice,
                                                StringRef kernel,
                                                StringRef function) {
  return "libdevice not found: kernel " + kernel.str() + " calls " +
         function.str() +
         " of the CUDA math library, libdevice.10.bc from the CUDA "
         "toolkit; looked for " +
         libdevice.triedList() +
         ". Install the toolkit, or set CUDA_HOME to it "
         "(docs/getting-started.md, \"What you need\")";
}
