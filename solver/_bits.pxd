# Bit counting on card masks: the compiler's builtins, one instruction each
# on x86-64 with -mpopcnt (setup.py), declared once for every module.
cdef extern from *:
    int popcount64 "__builtin_popcountll"(unsigned long long) nogil
    int ctz64 "__builtin_ctzll"(unsigned long long) nogil
    int clz64 "__builtin_clzll"(unsigned long long) nogil
    int popcount32 "__builtin_popcount"(unsigned int) nogil
    int ctz32 "__builtin_ctz"(unsigned int) nogil
