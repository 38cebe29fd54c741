"""Research runs over many deals: win rates on Dask, rows in a Parquet dataset.

    winrates  rows, tallies, intervals and summaries of win rates
    dataset   the Parquet dataset that a rerun resumes
    cluster   solving ranges of deals on a Dask cluster (local by default)

The only users of Dask, pyarrow and numpy.
"""
