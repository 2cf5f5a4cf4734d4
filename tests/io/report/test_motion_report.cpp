// The Motion panel's CSV export (io/report/motion_report.h): the summary table and the per-frame
// series of a report built by hand, compared line by line with the text they must give,
// and the files written atomically beside each other read back byte for byte.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "io/files/atomic_file.h"
#include "io/report/motion_report.h"
#include "solvers/scene/solver_table.h"

namespace {

ik::MotionReport two_runs() {
  ik::MotionReport report;
  report.source = "clip 'Walk'";
  report.times = {0.0f, 0.5f};
  ik::MotionRun dls;
  dls.solver = ik::find_solver("dls");
  dls.warm_start = true;
  dls.has_drift = true;
  dls.frames.resize(2);
  dls.frames[1].error = 0.25f;
  dls.frames[1].iterations = 3;
  dls.frames[1].microseconds = 1.5f;
  dls.frames[1].pop_degrees = 12.5f;
  dls.frames[1].flip = true;
  dls.frames[1].jitter_degrees = 0.125f;
  dls.frames[1].drift_distance = 0.01f;
  dls.frames[1].drift_error = -0.5f;
  dls.frames[1].foot_slide = 0.02f;
  dls.summary.max_pop_degrees = 12.5f;
  dls.summary.flips = 1;
  dls.summary.rms_jitter_degrees = 0.0625f;
  dls.summary.max_jitter_degrees = 0.125f;
  dls.summary.mean_error = 0.125f;
  dls.summary.max_error = 0.25f;
  dls.summary.mean_microseconds = 0.75f;
  dls.summary.mean_iterations = 1.5f;
  dls.summary.max_drift_distance = 0.01f;
  dls.summary.has_skate = true;  // a chain ending at a foot: its skate
  dls.summary.skate.skate_ratio = 0.25f;
  dls.summary.skate.planted_drift = 0.002f;
  dls.summary.skate.penetration = 0.0f;
  dls.summary.skate.lift = 0.0005f;
  dls.summary.skate.level_ratio = 0.5f;
  dls.summary.skate.sole_ratio = 0.25f;
  dls.summary.skate.sole_depth = 0.003f;
  ik::MotionRun fabrik;
  fabrik.solver = ik::find_solver("fabrik");
  fabrik.warm_start = false;
  fabrik.frames.resize(2);
  report.runs = {dls, fabrik};
  return report;
}

TEST(MotionCsv, SummaryTable) {
  EXPECT_EQ(ik::motion_summary_csv(two_runs()),
            "solver,warm_start,max_pop_deg,flips,jitter_rms_deg,max_jitter_deg,mean_error,max_error,mean_us,"
            "mean_iterations,max_drift,skate_ratio,planted_drift,penetration,lift,level_ratio,sole_ratio,"
            "sole_depth,plant_speed_ratio,contact_error\n"
            "dls,1,12.5,1,0.0625,0.125,0.125,0.25,0.75,1.5,0.01,0.25,0.002,0,0.0005,0.5,0.25,0.003,0,\n"
            "fabrik,0,0,0,0,0,0,0,0,0,0,,,,,,,,,\n");
  // A retargeted clip's foot has places to stand: the contact error is filled.
  ik::MotionReport report = two_runs();
  report.has_contact_places = true;
  report.runs[0].summary.skate.contact_error = 0.0125f;
  EXPECT_NE(ik::motion_summary_csv(report).find("0.002,0,0.0005,0.5,0.25,0.003,0,0.0125\n"), std::string::npos);
}

TEST(MotionMarkdown, FootSkateTableWhenTheChainEndsAtAFoot) {
  ik::MotionReport report = two_runs();
  EXPECT_EQ(ik::motion_report_markdown(report, ik::Skeleton{}, "leg", "", "").find("Foot skate"), std::string::npos);
  report.has_source_skate = true;
  report.source_skate.skate_ratio = 0.5f;
  report.source_skate.planted_drift = 0.031f;
  report.source_skate.planted_frames = 12;
  const std::string text = ik::motion_report_markdown(report, ik::Skeleton{}, "leg", "", "");
  EXPECT_NE(text.find("Foot skate of the effector over its plants (12 planted frames)"), std::string::npos) << text;
  EXPECT_NE(text.find("| clip as it is | - | 50.0 | 1.00 | 31.0 | 0.0 | 0.0 | 0.0 | 0.0 | 0.0 |"), std::string::npos)
      << text;
  EXPECT_NE(text.find("| on | 25.0 | - | 2.0 | 0.0 | 0.5 | 50.0 | 25.0 | 3.0 |"), std::string::npos) << text;
  EXPECT_EQ(text.find("Contact error"), std::string::npos) << "not a retargeted clip: no contact error";
  report.source_plant_speed = 40.0f;  // the clip's joints at its plants' ends: a ratio per run
  report.runs[0].summary.plant_speed_ratio = 1.25f;
  EXPECT_NE(ik::motion_report_markdown(report, ik::Skeleton{}, "leg", "", "").find("| on | 25.0 | 1.25 | 2.0 |"),
            std::string::npos);
  report.has_contact_places = true;
  report.source_skate.contact_error = 0.0627f;
  report.runs[0].summary.skate.contact_error = 0.0004f;
  const std::string carried = ik::motion_report_markdown(report, ik::Skeleton{}, "leg", "", "");
  EXPECT_NE(carried.find("| Lift (mm) | Level (%) | Heel and toe (%) | Sole below (mm) | Contact error (mm) |"),
            std::string::npos)
      << carried;
  EXPECT_NE(carried.find("| clip as it is | - | 50.0 | 1.00 | 31.0 | 0.0 | 0.0 | 0.0 | 0.0 | 0.0 | 62.7 |"),
            std::string::npos)
      << carried;
  EXPECT_NE(carried.find("| on | 25.0 | 1.25 | 2.0 | 0.0 | 0.5 | 50.0 | 25.0 | 3.0 | 0.4 |"), std::string::npos)
      << carried;
}

TEST(MotionCsv, PerFrameSeries) {
  EXPECT_EQ(ik::motion_series_csv(two_runs()),
            "frame,time,solver,warm_start,error,iterations,us,pop_deg,flip,jitter_deg,drift,drift_error,foot_slide\n"
            "0,0,dls,1,0,0,0.000,0,0,0,0,0,0\n"
            "0,0,fabrik,0,0,0,0.000,0,0,0,0,0,0\n"
            "1,0.5,dls,1,0.25,3,1.500,12.5,1,0.125,0.01,-0.5,0.02\n"
            "1,0.5,fabrik,0,0,0,0.000,0,0,0,0,0,0\n");
}

// A run with fewer frames than the report (never made by the analysis, but the formatter
// must not read past it): its missing frames are left out.
TEST(MotionCsv, ShortRunIsCut) {
  ik::MotionReport report = two_runs();
  report.runs[1].frames.resize(1);
  const std::string csv = ik::motion_series_csv(report);
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 4);
  EXPECT_EQ(csv.find("1,0.5,fabrik"), std::string::npos);
}

TEST(MotionCsv, WrittenAtomically) {
  const std::filesystem::path dir = std::filesystem::path(IKSCOPE_TEST_TMP) / "motion_csv";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "table.csv").string();
  std::string error;
  ASSERT_TRUE(app::write_file_atomically(path, ik::motion_summary_csv(two_runs()), error)) << error;
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), ik::motion_summary_csv(two_runs()));
  EXPECT_FALSE(std::filesystem::exists(app::atomic_temp_path(path)));
  EXPECT_FALSE(app::write_file_atomically((dir / "no_such_folder" / "t.csv").string(), "x", error));
  EXPECT_NE(error.find("no_such_folder"), std::string::npos) << error;
}

}  // namespace
