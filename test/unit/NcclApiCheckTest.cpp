//===- NcclApiCheckTest.cpp - NcclApi.h agrees with nccl.h ------*- C++ -*-===//
//
// The runtime declares the NCCL types, constants and function types it uses
// itself (lib/Runtime/GPU/NcclApi.h) and loads NCCL at run time. This test,
// built only where nccl.h exists, checks at compile time that every
// constant has nccl.h's value, that ncclUniqueId has its size, and that
// every function type has the ABI of its declaration (pointers as
// pointers: the communicator types are distinct C++ types on the two
// sides; the unique id, passed by value, as nccl.h's struct).
//
//===----------------------------------------------------------------------===//

#include <nccl.h>

#include "AbiCheck.h"
#include "NcclApi.h"

#include "gtest/gtest.h"

static_assert(sizeof(neve_nccl::ncclUniqueId) == sizeof(::ncclUniqueId));
static_assert(alignof(neve_nccl::ncclUniqueId) == alignof(::ncclUniqueId));

namespace neve_abi {
// the id is passed by value: same size and alignment (above), same ABI
template <bool O> struct Abi<neve_nccl::ncclUniqueId, O, void> {
  using type = ::ncclUniqueId;
};
} // namespace neve_abi

namespace {

template <typename A, typename B>
using SameAbi = neve_abi::SameAbi<true, A, B>;

#define CHECK_FN(name)                                                         \
  static_assert(SameAbi<decltype(&::name), neve_nccl::PFN_##name>::value,      \
                "NcclApi.h: PFN_" #name " differs from nccl.h");
NEVE_NCCL_ENTRY_POINTS(CHECK_FN)
#undef CHECK_FN

static_assert(neve_nccl::ncclSuccess == ::ncclSuccess);
static_assert(neve_nccl::ncclSum == ::ncclSum);
static_assert(neve_nccl::ncclMax == ::ncclMax);
static_assert(neve_nccl::ncclAvg == ::ncclAvg);
static_assert(neve_nccl::ncclFloat32 == ::ncclFloat32);
static_assert(neve_nccl::kUniqueIdBytes == NCCL_UNIQUE_ID_BYTES);

TEST(NcclApiCheck, DeclarationsMatchNcclH) {
  // Everything is checked at compile time; this records that it ran.
  SUCCEED();
}

} // namespace
