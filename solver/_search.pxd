from stichfest._types cimport Context

cdef int search(Context* c, int alpha, int beta) noexcept nogil
cdef int exact(Context* c, int lo, int hi) noexcept nogil


cdef class Engine:
    cdef Context ctx
    cdef object tt_buffer
    cdef int tt_bits
    cdef object table_loaded  # the ContractTable compiled into ctx
    cdef _fill_zobrist(self)
    cdef _compile_table(self, table)
