//===- CudaToolkit.h - Finding ptxas and libdevice --------------*- C++ -*-===//
//
// A program with kernels needs two files of the CUDA toolkit at compile
// time: ptxas, which assembles each kernel's PTX into a cubin, and
// libdevice (nvvm/libdevice/libdevice.10.bc), the math library that exp,
// log, pow, ... call. Programs without kernels need neither. The search
// remembers every place it looked, so that a missing file is reported with
// them (docs/getting-started.md, "What you need"); cmake/CudaToolkit.cmake
// reports the same search at configure time.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_SUPPORT_CUDATOOLKIT_H
#define NEVE_SUPPORT_CUDATOOLKIT_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace neve::cuda {

/// The outcome of looking for one file of the toolkit.
struct Search {
  /// The file found, or "" when none was.
  std::string path;
  /// Every place looked, in order, as messages name them
  /// ("$CUDA_HOME/bin/ptxas (/opt/cuda/bin/ptxas)", "ptxas on PATH").
  std::vector<std::string> tried;

  bool found() const { return !path.empty(); }
  /// "A", "A and B", "A, B and C".
  std::string triedList() const;
};

/// ptxas. An explicit \p option (a pass's `ptxas=`) or $NEVE_PTXAS is the
/// only candidate when given; otherwise $CUDA_HOME/bin (else
/// $CUDA_PATH/bin) when set, and only there; otherwise
/// /usr/local/cuda/bin, then PATH.
Search findPtxas(llvm::StringRef option = "");

/// libdevice.10.bc under nvvm/libdevice of $CUDA_HOME (else $CUDA_PATH)
/// when set, and only there; otherwise of /usr/local/cuda, then of the
/// toolkit whose bin/ holds the ptxas found on PATH.
Search findLibdevice();

/// The error of a program with kernels when ptxas is missing: what is
/// missing, where it was looked for, how to provide it, and the PTX-only
/// build that needs none (-fptx-only).
std::string missingPtxasMessage(const Search &ptxas);

/// The error of kernel \p kernel calling \p function (`__nv_expf`) of the
/// math library when libdevice is missing.
std::string missingLibdeviceMessage(const Search &libdevice,
                                    llvm::StringRef kernel,
                                    llvm::StringRef function);

} // namespace neve::cuda

#endif // NEVE_SUPPORT_CUDATOOLKIT_H
