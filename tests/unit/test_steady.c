/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_steady.c: --steady's judgement (steady.c): the text it takes, the
 * slope and range of fio's ss= on series worked out by hand, the SNIA
 * rule at its edges, and the tracker on seeded synthetic series (48
 * seeds each): a noisy flat rate is steady as soon as the window is
 * full, a rate that keeps falling never is, a rate that settles after a
 * decay is steady only once it has settled, and --steady-ramp holds the
 * first judgement back.
 */
#include <math.h>
#include <string.h>

#include "cu.h"
#include "run/data/pattern.h"
#include "model/steady.h"

#define SEEDS 48
#define SEC 1000000000ull

/* Uniform in [-1, 1), from the run's own generator. */
static double rng_unit(uint64_t *s)
{
	return (double)(pattern_splitmix64(s) >> 11) / 4503599627370496.0 - 1.0;
}

static void test_parse(void)
{
	struct steady_spec s;
	char err[256], txt[64];

	CU_ASSERT_EQUAL_FATAL(steady_parse("iops:slope:10%:30s", &s, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(s.metric, STEADY_IOPS);
	CU_ASSERT_EQUAL(s.rule, STEADY_SLOPE);
	CU_ASSERT_EQUAL(s.pct, 1);
	CU_ASSERT_DOUBLE_EQUAL(s.limit, 10.0, 1e-12);
	CU_ASSERT_EQUAL(s.window_ms, 30000);
	steady_format(&s, txt, sizeof(txt));
	CU_ASSERT_STRING_EQUAL(txt, "iops:slope:10%:30s");

	CU_ASSERT_EQUAL_FATAL(steady_parse("bw:range:2048:2m", &s, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(s.metric, STEADY_BW);
	CU_ASSERT_EQUAL(s.rule, STEADY_RANGE);
	CU_ASSERT_EQUAL(s.pct, 0);
	CU_ASSERT_EQUAL(s.window_ms, 120000);
	steady_format(&s, txt, sizeof(txt));
	CU_ASSERT_STRING_EQUAL(txt, "bw:range:2048:2m");

	CU_ASSERT_EQUAL_FATAL(steady_parse("snia", &s, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(s.rule, STEADY_SNIA);
	CU_ASSERT_EQUAL(s.metric, STEADY_IOPS);
	CU_ASSERT_EQUAL(s.round_ms, 0);
	CU_ASSERT_EQUAL_FATAL(steady_parse("bw:snia:1m", &s, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(s.metric, STEADY_BW);
	CU_ASSERT_EQUAL(s.round_ms, 60000);
	steady_format(&s, txt, sizeof(txt));
	CU_ASSERT_STRING_EQUAL(txt, "bw:snia:1m");

	static const char *const bad[] = {
		"", "iops", "iops:slope", "iops:slope:10%", "lat:slope:1:30s",
		"iops:mean:10%:30s", "iops:slope:-1:30s", "iops:slope:0:30s",
		"iops:slope:10%%:30s", "iops:slope:x:30s", "iops:slope:10%:0s",
		"iops:slope:10%:soon", "iops:slope:10%:30s:1", "snia:1m:2",
		"snia:0", "iops:slope:inf:30s", "iops:slope:nan:30s", ":::",
		"iops:slope: 1:30s", "i\n", "iops:slope:10%:30s\t",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		CU_ASSERT_EQUAL(steady_parse(bad[i], &s, err, sizeof(err)), -1);
		CU_ASSERT(err[0] != '\0');
		CU_ASSERT(strchr(err, '\n') == NULL && strchr(err, '\t') == NULL);
	}
}

static void test_grid(void)
{
	struct steady_spec s;
	char err[256];

	CU_ASSERT_FATAL(steady_parse("iops:slope:10%:30s", &s, err, sizeof(err)) == 0);
	CU_ASSERT_EQUAL(steady_window_intervals(&s, 1000), 30);
	CU_ASSERT_EQUAL(steady_window_intervals(&s, 100), 300);
	CU_ASSERT_EQUAL(steady_window_intervals(&s, 7000), 0);   /* not whole */
	CU_ASSERT_EQUAL(steady_window_intervals(&s, 30000), 0);  /* one value */
	CU_ASSERT_EQUAL(steady_check_grid(&s, 7000, err, sizeof(err)), -1);
	CU_ASSERT(strstr(err, "window 30s") != NULL);
	CU_ASSERT_FATAL(steady_parse("snia:5s", &s, err, sizeof(err)) == 0);
	CU_ASSERT_EQUAL(steady_window_intervals(&s, 1000), 25);
	CU_ASSERT_FATAL(steady_parse("snia", &s, err, sizeof(err)) == 0);
	CU_ASSERT_EQUAL(steady_window_intervals(&s, 250), 5);
}

/* fio's numbers on a line and on a known spread. */
static void test_judge_fio(void)
{
	struct steady_spec s;
	struct steady_verdict v;
	double y[10];
	char err[128];

	for (int i = 0; i < 10; i++)
		y[i] = 100.0 + 2.0 * i;          /* mean 109, slope 2 */
	CU_ASSERT_FATAL(steady_parse("iops:slope:2:10s", &s, err, sizeof(err)) == 0);
	steady_judge(&s, y, 10, &v);
	CU_ASSERT_DOUBLE_EQUAL(v.mean, 109.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(v.slope, 2.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(v.criterion, 2.0, 1e-9);
	CU_ASSERT_EQUAL(v.steady, 0);               /* fio: strictly below */
	s.limit = 2.0001;
	steady_judge(&s, y, 10, &v);
	CU_ASSERT_EQUAL(v.steady, 1);
	s.pct = 1;
	s.limit = 100.0 * 2.0 / 109.0 + 1e-6;       /* 1.835% */
	steady_judge(&s, y, 10, &v);
	CU_ASSERT_DOUBLE_EQUAL(v.criterion, 100.0 * 2.0 / 109.0, 1e-9);
	CU_ASSERT_EQUAL(v.steady, 1);
	for (int i = 0; i < 10; i++)
		y[i] = 110.0 - 2.0 * i;          /* falling: |slope| counts */
	steady_judge(&s, y, 10, &v);
	CU_ASSERT_DOUBLE_EQUAL(v.slope, -2.0, 1e-9);

	/* range: largest distance from the mean, 96..104 around 100 */
	static const double r[] = { 100, 96, 104, 100, 101, 99 };
	CU_ASSERT_FATAL(steady_parse("iops:range:4%:6s", &s, err, sizeof(err)) == 0);
	steady_judge(&s, r, 6, &v);
	CU_ASSERT_DOUBLE_EQUAL(v.mean, 100.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(v.deviation, 4.0, 1e-9);
	CU_ASSERT_EQUAL(v.steady, 0);
	s.limit = 4.01;
	steady_judge(&s, r, 6, &v);
	CU_ASSERT_EQUAL(v.steady, 1);
	s.pct = 0;
	s.limit = 3.9;
	steady_judge(&s, r, 6, &v);
	CU_ASSERT_EQUAL(v.steady, 0);
}

/* SNIA: range <= 20% of the mean and the fit's excursion <= 10%. */
static void test_judge_snia(void)
{
	struct steady_spec s;
	struct steady_verdict v;
	char err[128];

	CU_ASSERT_FATAL(steady_parse("snia", &s, err, sizeof(err)) == 0);
	static const double edge[] = { 100, 110, 90, 105, 95 };   /* range 20 */
	steady_judge(&s, edge, 5, &v);
	CU_ASSERT_DOUBLE_EQUAL(v.criterion, 20.0, 1e-9);
	CU_ASSERT_EQUAL(v.steady, 1);
	static const double wide[] = { 100, 111, 90, 105, 94 };   /* range 21 */
	steady_judge(&s, wide, 5, &v);
	CU_ASSERT_EQUAL(v.steady, 0);
	/* within 20% but sloping: 92..108, slope 4/round, excursion 16% */
	static const double slope[] = { 92, 96, 100, 104, 108 };
	steady_judge(&s, slope, 5, &v);
	CU_ASSERT_DOUBLE_EQUAL(v.slope, 4.0, 1e-9);
	CU_ASSERT_EQUAL(v.steady, 0);
	/* a gentler slope, 2.5/round: excursion 10% exactly, steady */
	static const double gentle[] = { 95, 97.5, 100, 102.5, 105 };
	steady_judge(&s, gentle, 5, &v);
	CU_ASSERT_EQUAL(v.steady, 1);
	static const double zero[] = { 0, 0, 0, 0, 0 };
	steady_judge(&s, zero, 5, &v);
	CU_ASSERT_EQUAL(v.steady, 0);
}

/*
 * Feed n intervals of 1 s (IOPS y(i), 4 kB each) to a tracker; return
 * the interval index that made it steady, or -1.
 */
static long run_track(const char *spec, uint64_t ramp_ms, long n,
		      double (*y)(long i, uint64_t *rng), uint64_t seed,
		      struct steady_verdict *last)
{
	struct steady_spec s;
	struct steady_track t;
	char err[256];
	long at = -1;
	uint64_t rng = seed;

	CU_ASSERT_FATAL(steady_parse(spec, &s, err, sizeof(err)) == 0);
	CU_ASSERT_FATAL(steady_track_init(&t, &s, 1000, ramp_ms, err, sizeof(err)) == 0);
	for (long i = 0; i < n && at < 0; i++) {
		uint64_t ops = (uint64_t)llround(y(i, &rng));
		if (steady_track_add(&t, (uint64_t)i * SEC, SEC, ops * 4096, ops)) {
			at = i;
			CU_ASSERT_EQUAL(t.at_ns, (uint64_t)(i + 1) * SEC);
		}
	}
	if (last)
		*last = t.last;
	/* a partial interval (the pass's last) is never taken */
	CU_ASSERT_EQUAL(steady_track_add(&t, (uint64_t)n * SEC, SEC / 2, 1, 1),
			at >= 0);
	steady_track_release(&t);
	return at;
}

static double flat(long i, uint64_t *rng)
{
	(void)i;
	return 5000.0 * (1.0 + 0.03 * rng_unit(rng));
}

static double falling(long i, uint64_t *rng)
{
	/* 4% down per interval, forever, with 1% noise */
	return 50000.0 * exp(-0.04 * (double)i) * (1.0 + 0.01 * rng_unit(rng));
}

static double settling(long i, uint64_t *rng)
{
	/* an SSD filling: 20000 IOPS falling to 4000 (time constant 8 s) */
	return (4000.0 + 16000.0 * exp(-(double)i / 8.0)) * (1.0 + 0.02 * rng_unit(rng));
}

static double bursty(long i, uint64_t *rng)
{
	/* a transaction group every 5 s: one interval at a third */
	return (i % 5 == 4 ? 2000.0 : 6000.0) * (1.0 + 0.01 * rng_unit(rng));
}

static void test_track_flat(void)
{
	for (uint64_t seed = 1; seed <= SEEDS; seed++) {
		CU_ASSERT_EQUAL(run_track("iops:slope:1%:30s", 0, 200, flat, seed, NULL), 29);
		CU_ASSERT_EQUAL(run_track("iops:range:5%:30s", 0, 200, flat, seed, NULL), 29);
		CU_ASSERT_EQUAL(run_track("bw:range:1000:10s", 0, 200, flat, seed, NULL), 9);
		CU_ASSERT_EQUAL(run_track("snia", 0, 200, flat, seed, NULL), 4);
		CU_ASSERT_EQUAL(run_track("snia:10s", 0, 200, flat, seed, NULL), 49);
	}
}

static void test_track_never(void)
{
	for (uint64_t seed = 1; seed <= SEEDS; seed++) {
		CU_ASSERT_EQUAL(run_track("iops:slope:2%:30s", 0, 150, falling, seed, NULL), -1);
		CU_ASSERT_EQUAL(run_track("iops:range:20%:30s", 0, 150, falling, seed, NULL), -1);
		CU_ASSERT_EQUAL(run_track("snia", 0, 150, falling, seed, NULL), -1);
		CU_ASSERT_EQUAL(run_track("iops:range:20%:30s", 0, 150, bursty, seed, NULL), -1);
	}
}

static void test_track_after_decay(void)
{
	for (uint64_t seed = 1; seed <= SEEDS; seed++) {
		struct steady_verdict v;
		long at = run_track("iops:slope:1%:30s", 0, 300, settling, seed, &v);
		/*
		 * steady once the window's decay is small: its slope at a
		 * window starting at s is about 16000/8 e^(-(s+15)/8)
		 * averaged, 1% of ~4000 = 40/s, reached for s around 15-25
		 */
		CU_ASSERT(at >= 40 && at <= 70);
		CU_ASSERT(v.steady);
		CU_ASSERT(v.mean > 4000.0 && v.mean < 4600.0);
		at = run_track("iops:range:10%:30s", 0, 300, settling, seed, NULL);
		CU_ASSERT(at >= 45 && at <= 80);
		at = run_track("snia:10s", 0, 300, settling, seed, NULL);
		CU_ASSERT(at >= 49 && at <= 90);
		/* the slope rule at 10% per interval passes a slower decay
		 * sooner: fio's limit is per interval, not per window */
		at = run_track("iops:slope:10%:30s", 0, 300, settling, seed, NULL);
		CU_ASSERT(at >= 29 && at < 40);
	}
}

static void test_track_ramp(void)
{
	for (uint64_t seed = 1; seed <= SEEDS; seed++) {
		/* intervals starting before 60 s are not sampled */
		CU_ASSERT_EQUAL(run_track("iops:slope:1%:30s", 60000, 200, flat, seed, NULL), 89);
		CU_ASSERT_EQUAL(run_track("snia", 2500, 200, flat, seed, NULL), 7);
	}
}

static const struct cu_case cases[] = {
	CU_CASE(test_parse),
	CU_CASE(test_grid),
	CU_CASE(test_judge_fio),
	CU_CASE(test_judge_snia),
	CU_CASE(test_track_flat),
	CU_CASE(test_track_never),
	CU_CASE(test_track_after_decay),
	CU_CASE(test_track_ramp),
	{ 0 }
};

CU_MAIN("steady", cases)
