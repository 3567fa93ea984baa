/* The README's example: a layout in any form, its facts, and a minimal solution read
 * from the database.  cc example.c $(pkg-config --cflags --libs klotski) -o example
 * ./example 4WVE1 */
#include <stdio.h>

#include <klotski.h>

int main(int argc, char **argv)
{
    char message[KLOTSKI_MESSAGE_SIZE], code_text[KLOTSKI_CODE_SIZE], board[KLOTSKI_BOARD_SIZE];
    klotski_code code;
    if (argc != 2 || klotski_parse(argv[1], &code, message) != KLOTSKI_OK) {
        fprintf(stderr, "example: %s\n", argc == 2 ? message : "usage: example LAYOUT");
        return 2;
    }
    struct klotski_class class_of;
    klotski_format(code, code_text);
    klotski_class(code, &class_of);
    klotski_board(code, board);
    printf("%s, class %s, libklotski %s\n%s", code_text, class_of.name, klotski_libversion(), board);

    klotski_db *db;
    klotski_code *route;
    int steps;
    if (klotski_open(NULL, &db) != KLOTSKI_OK || klotski_solve(db, code, &route, &steps) != KLOTSKI_OK) {
        fprintf(stderr, "example: %s\n", klotski_errmsg(db));
        klotski_close(db);
        return 1;
    }
    printf("solved in %d steps, by way of", steps - 1);
    for (int i = 1; i < steps && i <= 3; i++) {
        klotski_format(route[i], code_text);
        printf(" %s", code_text);
    }
    printf(" ...\n");
    klotski_free(route);
    klotski_close(db);
    return 0;
}
