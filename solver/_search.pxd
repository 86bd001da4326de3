from stichfest._context cimport Context

cdef int search(Context* c, int alpha, int beta) noexcept nogil
cdef int bisect(Context* c, int lo, int hi) noexcept nogil


cdef class Engine:
    cdef Context ctx
    cdef object table_loaded  # the ContractTable compiled into ctx
    cdef _compile_table(self, table)
