"""The Dask cluster a long run works on (``muggins archive``, the chance tables' build):
a local one by default, or a scheduler's, for many machines."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dask.distributed import Client

__all__ = ["dask_client"]


@contextmanager
def dask_client(workers: int, scheduler: str | None = None) -> Iterator[Client]:
    """A client of the scheduler at ``scheduler``, or else of a local cluster of
    ``workers`` processes with a thread each (the work is pure Python, which threads
    would share one interpreter lock for) and no dashboard; closed, with the local
    cluster, on the way out."""
    from dask.distributed import Client, LocalCluster

    if scheduler is not None:
        with Client(scheduler) as client:
            yield client
        return
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        yield client
