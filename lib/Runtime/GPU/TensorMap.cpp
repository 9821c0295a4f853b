//===- TensorMap.cpp - tensor_map(): TMA descriptors, cached --*- C++ -*-===//
//
// neve_gpu_tensor_map (neve_runtime.h), which `tensor_map` and
// `tensor_map_3d` (§8.4) compile to: the arguments are checked against
// what TMA can describe (errors at the call's line), turned into a
// TensorMapKey, and the descriptor is taken from the cache or encoded by
// the driver's cuTensorMapEncodeTiled (resolved through cuGetProcAddress
// like every entry point, Driver.cpp). See TensorMapCache.h for why a hit
// neither allocates nor encodes.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "TensorMapCache.h"

#include "neve/Runtime/neve_runtime.h"

#include <string>

namespace neve_gpu {

TensorMapCache &tensorMapCache() {
  static TensorMapCache *cache = new TensorMapCache();
  return *cache;
}

namespace {
/// CU_TENSOR_MAP_DATA_TYPE_* and the bytes of an element of a type tag.
bool dataType(int32_t tag, int &type, int &bytes) {
  switch (tag) {
  case NEVE_TYPE_I8:
  case NEVE_TYPE_CHAR:
    type = CU_TENSOR_MAP_DATA_TYPE_UINT8, bytes = 1;
    return true;
  case NEVE_TYPE_I16:
    type = CU_TENSOR_MAP_DATA_TYPE_UINT16, bytes = 2;
    return true;
  case NEVE_TYPE_INT:
    type = CU_TENSOR_MAP_DATA_TYPE_INT32, bytes = 4;
    return true;
  case NEVE_TYPE_I64:
    type = CU_TENSOR_MAP_DATA_TYPE_INT64, bytes = 8;
    return true;
  case NEVE_TYPE_FLOAT:
    type = CU_TENSOR_MAP_DATA_TYPE_FLOAT32, bytes = 4;
    return true;
  case NEVE_TYPE_BF16:
    type = CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, bytes = 2;
    return true;
  case NEVE_TYPE_HALF:
    type = CU_TENSOR_MAP_DATA_TYPE_FLOAT16, bytes = 2;
    return true;
  default:
    return false;
  }
}
} // namespace

std::string tensorMapKey(const void *base, int32_t type, int32_t rank,
                         int64_t d0, int64_t d1, int64_t d2, int64_t pitch,
                         int32_t b0, int32_t b1, int32_t b2, int32_t swizzle,
                         TensorMapKey &key) {
  int cuType = 0, bytes = 0;
  if (!dataType(type, cuType, bytes))
    return "a tensor map of elements of type tag " + std::to_string(type) +
           " (TMA copies integers, float, bf16 and half)";
  if (rank < 1 || rank > 3)
    return "a tensor map of rank " + std::to_string(rank);
  auto address = reinterpret_cast<uint64_t>(base);
  if (!base)
    return "the tensor of a tensor map is nil";
  if (address % 16)
    return "the tensor of a tensor map starts at an address that is not a "
           "multiple of 16 bytes (TMA needs 16-byte aligned tensors)";
  // Neve writes extents outermost first, right-aligned in (d0, d1, d2);
  // the driver takes them innermost first.
  const int64_t neveDims[3] = {d0, d1, d2};
  const int32_t neveBox[3] = {b0, b1, b2};
  key = TensorMapKey();
  key.base = address;
  key.dataType = cuType;
  key.rank = rank;
  for (int i = 0; i < rank; ++i) {
    int64_t d = neveDims[2 - i];
    int32_t b = neveBox[2 - i];
    if (d < 1 || d > (int64_t(1) << 32))
      return "a tensor map extent of " + std::to_string(d) +
             " (extents are 1 to 2^32)";
    if (b < 1 || b > 256)
      return "a tensor map box extent of " + std::to_string(b) +
             " (box extents are 1 to 256)";
    key.dims[i] = uint64_t(d);
    key.box[i] = uint32_t(b);
  }
  int64_t rowElems = key.dims[0];
  if (pitch >= 0) {
    if (rank < 2 || pitch < int64_t(key.dims[0]))
      return "a tensor map row pitch of " + std::to_string(pitch) +
             " elements, fewer than the " + std::to_string(key.dims[0]) +
             " columns";
    rowElems = pitch;
  }
  uint64_t stride = uint64_t(rowElems) * bytes;
  for (int i = 1; i < rank; ++i) {
    if (stride % 16 || stride >= (uint64_t(1) << 40))
      return "the rows of a tensor map are " + std::to_string(stride) +
             " bytes apart: TMA needs a multiple of 16 bytes (pad the rows)";
    key.strides[i - 1] = stride;
    stride *= key.dims[i];
  }
  int64_t innerBytes = int64_t(key.box[0]) * bytes;
  if (innerBytes % 16)
    return "a tensor map box row of " + std::to_string(innerBytes) +
           " bytes: TMA copies rows of a multiple of 16 bytes";
  switch (swizzle) {
  case 0:
    key.swizzle = CU_TENSOR_MAP_SWIZZLE_NONE;
    break;
  case 32:
    key.swizzle = CU_TENSOR_MAP_SWIZZLE_32B;
    break;
  case 64:
    key.swizzle = CU_TENSOR_MAP_SWIZZLE_64B;
    break;
  case 128:
    key.swizzle = CU_TENSOR_MAP_SWIZZLE_128B;
    break;
  default:
    return "a tensor map swizzle of " + std::to_string(swizzle) +
           " (0, 32, 64 or 128 bytes)";
  }
  if (swizzle && innerBytes > swizzle)
    return "a tensor map box row of " + std::to_string(innerBytes) +
           " bytes with a " + std::to_string(swizzle) +
           "-byte swizzle: a swizzled box row holds at most the swizzle's "
           "bytes";
  return "";
}

} // namespace neve_gpu

using namespace neve_gpu;

extern "C" void *neve_gpu_tensor_map(void *base, int32_t type, int32_t rank,
                                     int64_t d0, int64_t d1, int64_t d2,
                                     int64_t pitch, int32_t b0, int32_t b1,
                                     int32_t b2, int32_t swizzle,
                                     const char *file, int32_t line,
                                     int32_t col) {
  Site site{file, line, col};
  TensorMapKey key;
  std::string why = tensorMapKey(base, type, rank, d0, d1, d2, pitch, b0, b1,
                                 b2, swizzle, key);
  if (!why.empty())
    fatal(site, "tensor_map: " + why);
  const DriverApi &d = api();
  if (!d.cuTensorMapEncodeTiled)
    fatal(site, "tensor_map: the CUDA driver has no cuTensorMapEncodeTiled "
                "(tensor maps need a driver for CUDA 12.0 or later)");
  CUresult r = CUDA_SUCCESS;
  const TensorMap *map = tensorMapCache().get(
      key,
      [&](TensorMap *out, const TensorMapKey &k) {
        const uint32_t ones[5] = {1, 1, 1, 1, 1};
        return d.cuTensorMapEncodeTiled(
            out, k.dataType, uint32_t(k.rank),
            reinterpret_cast<void *>(k.base), k.dims, k.strides, k.box, ones,
            CU_TENSOR_MAP_INTERLEAVE_NONE, k.swizzle,
            CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
            CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
      },
      r);
  if (!map)
    fatal(site, "tensor_map: cuTensorMapEncodeTiled failed: " + errorText(r));
  return const_cast<TensorMap *>(map);
}
