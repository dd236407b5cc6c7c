#include "portable_kernels.hpp"
