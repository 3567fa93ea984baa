"""Type hints of the klotski module (python/klotski.c, over libklotski)."""
from typing import Literal, NamedTuple, Optional, Sequence, Union

__version__: str
LAYOUT_COUNT: int

class Layout:
    """A legal Klotski layout, from any form the klotski command takes but files and
    classic names (a str), the int code the database stores, or a Layout."""
    def __new__(cls, layout: Union[str, int, "Layout"]) -> "Layout": ...
    @classmethod
    def from_id(cls, id: int) -> "Layout": ...
    @property
    def code(self) -> str: ...
    @property
    def value(self) -> int: ...
    @property
    def short_code(self) -> str: ...
    @property
    def id(self) -> int: ...
    @property
    def board(self) -> str: ...
    @property
    def drawing(self) -> str: ...
    @property
    def class_name(self) -> str: ...
    @property
    def solved(self) -> bool: ...
    def mirror(self) -> "Layout": ...
    def flip(self) -> "Layout": ...
    def turn(self) -> "Layout": ...
    def steps(self, metric: "Metric" = "step") -> list["Step"]: ...
    def svg(self) -> str: ...
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...
    def __hash__(self) -> int: ...

LayoutLike = Union[str, int, Layout]
# The klotski command's --metric: a step, a straight move (one direction), a unit move
# (one cell).  Any other str raises ValueError.
Metric = Literal["step", "straight", "unit"]

class Step(NamedTuple):
    piece: str
    from_cell: int
    to_cell: int
    distance: int
    next: Layout

class Move(NamedTuple):
    piece: str
    from_cell: int
    to_cell: int
    distance: int
    next: Layout
    min_steps: Optional[int]
    change: int
    farthest_steps: Optional[int]
    farthest_num: Optional[int]

class Group(NamedTuple):
    group_id: int
    name: str
    class_name: str
    class_id: int
    size: int
    min_code: Layout
    solved: int
    max_min_steps: Optional[int]
    hardest_count: Optional[int]
    diameter: Optional[int]
    radius: Optional[int]
    peripheral_count: Optional[int]
    central_count: Optional[int]
    max_min_straight_moves: Optional[int]
    max_min_unit_moves: Optional[int]

class Record(NamedTuple):
    layout: Layout
    group_id: int
    group_index: int
    min_steps: Optional[int]
    min_solution_num: Optional[int]
    farthest_steps: Optional[int]
    farthest_num: Optional[int]
    solution_num: Optional[int]
    min_straight_moves: Optional[int]
    min_unit_moves: Optional[int]
    group: Group

SqlValue = Union[None, int, float, str, bytes]

class Database:
    @property
    def path(self) -> Optional[str]: ...
    def layout(self, x: LayoutLike) -> Record: ...
    def solve(self, x: LayoutLike, metric: Metric = "step") -> list[Layout]: ...
    def moves(self, x: LayoutLike, metric: Metric = "step") -> list[Move]: ...
    def group(self, name: str) -> Group: ...
    def execute(self, sql: str, parameters: Sequence[Union[SqlValue, Layout]] = ...) -> list[tuple[SqlValue, ...]]: ...
    def close(self) -> None: ...
    def __enter__(self) -> "Database": ...
    def __exit__(self, *exc: object) -> None: ...

class DatabaseError(Exception): ...
class NoDatabaseError(DatabaseError, FileNotFoundError): ...
class UnsolvableError(LookupError): ...

def open(path: Optional[str] = None) -> Database: ...
