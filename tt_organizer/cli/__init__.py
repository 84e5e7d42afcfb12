"""The ``tt`` command line: a thin layer over the library."""
