/* umockdev-hotplug: runs a command in a umockdev testbed whose devices come and go while it
 * runs, which umockdev-run cannot do. Built by the hot-plug tests (HotplugUmockdevTests)
 * from libumockdev (Debian libumockdev-dev); not part of the product.
 *
 *   umockdev-hotplug PREFIX NODE -- COMMAND...
 *
 * starts with one device (PREFIX.umockdev and PREFIX.ioctl for NODE, no events), runs
 * COMMAND, then takes one
 * command per line on standard input and answers each with a line on standard output:
 *
 *   add PREFIX NODE SYSPATH   adds a device (PREFIX.umockdev, PREFIX.ioctl, and
 *                             PREFIX.script when it exists) and sends its "add" uevent
 *   remove SYSPATH            sends the "remove" uevent and removes the device
 *   stop                      SIGTERM to COMMAND; answers "exit N" with its exit status
 *
 * Answers are "ok", "exit N", or "error: WHY". End of input is "stop".
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <umockdev.h>
#include <unistd.h>

static int add_device(UMockdevTestbed *testbed, const char *prefix, const char *node) {
    char path[4096];
    GError *error = NULL;
    snprintf(path, sizeof path, "%s.umockdev", prefix);
    if (!umockdev_testbed_add_from_file(testbed, path, &error)) {
        printf("error: %s: %s\n", path, error->message);
        g_error_free(error);
        return 0;
    }
    snprintf(path, sizeof path, "%s.ioctl", prefix);
    if (!umockdev_testbed_load_ioctl(testbed, node, path, &error)) {
        printf("error: %s: %s\n", path, error->message);
        g_error_free(error);
        return 0;
    }
    snprintf(path, sizeof path, "%s.script", prefix);
    if (access(path, R_OK) == 0 && !umockdev_testbed_load_script(testbed, node, path, &error)) {
        printf("error: %s: %s\n", path, error->message);
        g_error_free(error);
        return 0;
    }
    return 1;
}

static int stop(pid_t child) {
    int status = 0;
    kill(child, SIGTERM);
    if (waitpid(child, &status, 0) < 0)
        return 255;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int main(int argc, char **argv) {
    if (argc < 5 || strcmp(argv[3], "--") != 0) {
        fprintf(stderr, "usage: umockdev-hotplug PREFIX NODE -- COMMAND...\n");
        return 2;
    }
    /* umockdev's preload must be in this process too (the uevents are sent through the
     * emulated sysfs), after whatever LD_PRELOAD already holds; COMMAND inherits it. */
    const char *preload = getenv("LD_PRELOAD");
    if (preload == NULL || strstr(preload, "libumockdev-preload") == NULL) {
        char joined[8192];
        snprintf(joined, sizeof joined, "%s%slibumockdev-preload.so.0", preload ? preload : "",
                 preload && *preload ? ":" : "");
        setenv("LD_PRELOAD", joined, 1);
        execv("/proc/self/exe", argv);
        perror("umockdev-hotplug: re-executing with umockdev's preload");
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    UMockdevTestbed *testbed = umockdev_testbed_new(); /* sets UMOCKDEV_DIR */
    if (!add_device(testbed, argv[1], argv[2]))
        return 2;

    pid_t child = fork();
    if (child < 0)
        return 2;
    if (child == 0) {
        execvp(argv[4], argv + 4);
        perror(argv[4]);
        _exit(127);
    }

    char line[8192];
    while (fgets(line, sizeof line, stdin) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        char *words[5] = {0};
        int count = 0;
        for (char *word = strtok(line, " "); word != NULL && count < 5; word = strtok(NULL, " "))
            words[count++] = word;
        if (count == 4 && strcmp(words[0], "add") == 0) {
            if (add_device(testbed, words[1], words[2])) {
                umockdev_testbed_uevent(testbed, words[3], "add");
                printf("ok\n");
            }
        } else if (count == 2 && strcmp(words[0], "remove") == 0) {
            umockdev_testbed_uevent(testbed, words[1], "remove");
            umockdev_testbed_remove_device(testbed, words[1]);
            printf("ok\n");
        } else if (count == 1 && strcmp(words[0], "stop") == 0) {
            printf("exit %d\n", stop(child));
            g_object_unref(testbed);
            return 0;
        } else {
            printf("error: unknown command\n");
        }
    }
    printf("exit %d\n", stop(child));
    g_object_unref(testbed);
    return 0;
}
