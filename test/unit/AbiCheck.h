//===- AbiCheck.h - Compile-time ABI comparison of function types -*- C++ -*-===//
//
// For the checks of the runtime's own declarations of CUDA and cuDNN
// (CudaApiCheckTest.cpp, CudnnApiCheckTest.cpp) against the vendors'
// headers: SameAbi<F, G> holds when two function-pointer types take and
// return the same things as the C ABI passes them. 4-byte integers and
// enums compare as int32_t, 8-byte integers as int64_t. Pointers compare by
// what they point to, or, with OpaquePointers, only as pointers (for APIs
// whose handle types are distinct structs on the two sides).
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_TEST_UNIT_ABICHECK_H
#define NEVE_TEST_UNIT_ABICHECK_H

#include <cstdint>
#include <type_traits>

namespace neve_abi {

template <typename T, bool OpaquePointers, typename = void> struct Abi {
  using type = T;
};
template <typename T, bool O>
struct Abi<T, O,
           std::enable_if_t<(std::is_integral_v<T> || std::is_enum_v<T>) &&
                            sizeof(T) == 4>> {
  using type = int32_t;
};
template <typename T, bool O>
struct Abi<T, O, std::enable_if_t<std::is_integral_v<T> && sizeof(T) == 8>> {
  using type = int64_t;
};
template <typename T, bool O>
struct Abi<T *, O, std::enable_if_t<!std::is_const_v<T>>> {
  using type = std::conditional_t<O, void *, typename Abi<T, O>::type *>;
};
template <typename T, bool O> struct Abi<const T *, O, void> {
  using type = std::conditional_t<O, void *, const typename Abi<T, O>::type *>;
};
template <typename T, bool O> struct Abi<T *const, O, void> {
  using type = typename Abi<T *, O>::type;
};

template <bool O, typename A, typename B> struct SameAbi : std::false_type {};
template <bool O, typename RA, typename... PA, typename RB, typename... PB>
struct SameAbi<O, RA (*)(PA...), RB (*)(PB...)>
    : std::bool_constant<
          sizeof...(PA) == sizeof...(PB) &&
          std::is_same_v<typename Abi<RA, O>::type,
                         typename Abi<RB, O>::type> &&
          (std::is_same_v<typename Abi<PA, O>::type,
                          typename Abi<PB, O>::type> &&
           ...)> {};

} // namespace neve_abi

#endif // NEVE_TEST_UNIT_ABICHECK_H
