"use client";

import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { ApiKeysPanel } from "./api-keys-panel";
import { BackgroundJobsPanel } from "./background-jobs-panel";
import { CrewsPanel } from "./crews-panel";
import { DeleteAccount } from "./delete-account";
import { ExportData } from "./export-data";
import { NotificationSettingsForm } from "./notification-settings-form";
import { PasswordForm } from "./password-form";
import { ProfileForm } from "./profile-form";
import { SelfServiceRulesForm } from "./self-service-rules-form";
import { StaffCalendarFeed } from "./staff-calendar-feed";
import { WebhooksPanel } from "./webhooks-panel";

const TABS = ["General", "Notifications", "Billing", "Advanced"] as const;

function Placeholder({ what }: { what: string }) {
  return <p className="text-sm text-gray-700">{what} settings will be available in a future update.</p>;
}

/** The settings screen's tabs: General, Notifications, Billing, Advanced. */
export function SettingsScreen() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold text-gray-900">Settings</h1>
      <TabGroup>
        <TabList className="grid grid-cols-2 gap-1 rounded-xl bg-gray-100 p-1 sm:grid-cols-4">
          {TABS.map((tab) => (
            <Tab
              key={tab}
              className="min-h-11 rounded-lg px-3 text-sm font-medium whitespace-nowrap text-gray-700 hover:bg-white/70 data-selected:bg-white data-selected:text-brand-800 data-selected:shadow-sm"
            >
              {tab}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-4">
          <TabPanel className="space-y-6">
            <div className="rounded-xl border border-gray-200 bg-white p-5">
              <ProfileForm />
            </div>
            <div className="rounded-xl border border-gray-200 bg-white p-5">
              <PasswordForm />
            </div>
            <div className="rounded-xl border border-gray-200 bg-white p-5">
              <CrewsPanel />
            </div>
            <div className="rounded-xl border border-gray-200 bg-white p-5">
              <StaffCalendarFeed />
            </div>
            <div className="rounded-xl border border-gray-200 bg-white p-5">
              <SelfServiceRulesForm />
            </div>
          </TabPanel>
          <TabPanel className="space-y-6">
            <div className="rounded-xl border border-gray-200 bg-white p-5">
              <NotificationSettingsForm />
            </div>
            <div className="rounded-xl border border-gray-200 bg-white p-5">
              <WebhooksPanel />
            </div>
            <div className="rounded-xl border border-gray-200 bg-white p-5">
              <BackgroundJobsPanel />
            </div>
          </TabPanel>
          <TabPanel className="rounded-xl border border-gray-200 bg-white p-5">
            <Placeholder what="Billing" />
          </TabPanel>
          <TabPanel className="space-y-6">
            <div className="rounded-xl border border-gray-200 bg-white p-5">
              <ExportData />
            </div>
            <div className="rounded-xl border border-gray-200 bg-white p-5">
              <ApiKeysPanel />
            </div>
            <DeleteAccount />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}
